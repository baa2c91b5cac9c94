// The learned evaluations the package ships in nets/ (docs/nnue.md, nets/README.md): the
// one list the Engine's defaults, the page's two builds and the tests read. The native
// binary builds the same files in (src/eval/nnue/mod.rs) and package.json's `files`
// names them; tests/js/shipped-networks.test.mjs holds both to this list.

/** A shipped network: its file in nets/, the rule sets it plays (`UCI_Variant` names),
 * and `url()`, where it lies beside this module. The URL is written out whole rather
 * than built from `file`: bundlers (Vite, webpack) copy an asset only for a literal
 * `new URL('…', import.meta.url)`. `url()` throws where a bundle has no
 * `import.meta.url`. */
const shipped = (file, variants, url) => Object.freeze({ file, variants: Object.freeze(variants), url });

export const SHIPPED_NETWORKS = Object.freeze([
  shipped('chess-round4.nnue', ['chess', 'chess960'], () => new URL('../nets/chess-round4.nnue', import.meta.url)),
  shipped('chessgi-round2.nnue', ['chessgi'], () => new URL('../nets/chessgi-round2.nnue', import.meta.url)),
  shipped('racingkings-round1.nnue', ['racingkings'], () => new URL('../nets/racingkings-round1.nnue', import.meta.url)),
  shipped('marseillais-round2.nnue', ['marseillais', 'marseillais-balanced'], () => new URL('../nets/marseillais-round2.nnue', import.meta.url)),
  shipped('billiards-round2.nnue', ['billiards'], () => new URL('../nets/billiards-round2.nnue', import.meta.url)),
  shipped('avalanche-round2.nnue', ['avalanche'], () => new URL('../nets/avalanche-round2.nnue', import.meta.url)),
  shipped('alice-round2.nnue', ['alice'], () => new URL('../nets/alice-round2.nnue', import.meta.url)),
]);
