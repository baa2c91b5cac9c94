//! Adam over the flat parameter vector, and the learning rate's schedule.

const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f32 = 1e-8;

/// Adam's running moments, one pair per parameter.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    steps: i32,
}

impl Adam {
    pub fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            steps: 0,
        }
    }

    /// One step of `params` against `grad` with learning rate `lr`.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32) {
        self.steps = self.steps.saturating_add(1);
        // The moments start at zero; dividing by these undoes that bias early on.
        let m_scale = (1.0 / (1.0 - BETA1.powi(self.steps))) as f32;
        let v_scale = (1.0 / (1.0 - BETA2.powi(self.steps))) as f32;
        let (beta1, beta2) = (BETA1 as f32, BETA2 as f32);
        for (((p, g), m), v) in params
            .iter_mut()
            .zip(grad)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = beta1 * *m + (1.0 - beta1) * g;
            *v = beta2 * *v + (1.0 - beta2) * g * g;
            *p -= lr * (*m * m_scale) / ((*v * v_scale).sqrt() + EPSILON);
        }
    }
}

/// The learning rate of `epoch` (from 0) of `epochs`: `base`, times 0.3 from 70% of
/// the way and again from 90%. Why: large steps find the region fast, smaller ones
/// then settle into it instead of rattling around; two drops late are the usual
/// step schedule for short runs like these.
pub fn learning_rate(base: f32, epoch: usize, epochs: usize) -> f32 {
    let progress = epoch as f64 / epochs.max(1) as f64;
    let drops = [0.7, 0.9].iter().filter(|&&at| progress >= at).count();
    base * 0.3f32.powi(drops as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_drops_at_70_and_90_per_cent() {
        let rates: Vec<f32> = (0..10).map(|e| learning_rate(1.0, e, 10)).collect();
        assert_eq!(&rates[..7], &[1.0; 7]);
        assert_eq!(rates[7..], [0.3, 0.3, 0.3f32 * 0.3]);
    }

    #[test]
    fn adam_walks_down_a_bowl() {
        let mut adam = Adam::new(2);
        let mut x = [3.0f32, -2.0];
        for _ in 0..2000 {
            let grad = [2.0 * x[0], 2.0 * x[1]];
            adam.step(&mut x, &grad, 0.01);
        }
        assert!(x[0].abs() < 0.05 && x[1].abs() < 0.05, "{x:?}");
    }
}
