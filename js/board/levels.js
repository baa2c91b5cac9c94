// Playing levels with plain names, from a beginner to full strength. Each maps to the
// engine's 'Skill Level' option (0-20; below 20 the search is capped and sometimes
// picks a near-best line) and a thinking time per turn. A weak level's search ends long
// before its time, so the board waits out a natural pace before it plays (engine-player.js).

export const LEVELS = [
  { id: 'beginner', name: 'Beginner', skill: 0, movetime: 400 },
  { id: 'novice', name: 'Novice', skill: 3, movetime: 500 },
  { id: 'casual', name: 'Casual player', skill: 6, movetime: 600 },
  { id: 'club', name: 'Club player', skill: 10, movetime: 800 },
  { id: 'strong', name: 'Strong player', skill: 14, movetime: 1000 },
  { id: 'expert', name: 'Expert', skill: 17, movetime: 1500 },
  { id: 'full', name: 'Full strength', skill: 20, movetime: 2500 },
];

export const DEFAULT_LEVEL = LEVELS[2];

/**
 * The level named by `value`: a level id ('beginner' … 'full') or a Skill Level number
 * 0-20 (its time between the named levels around it). Null when it names none.
 */
export function levelFrom(value) {
  const text = String(value ?? '').trim().toLowerCase();
  const named = LEVELS.find((level) => level.id === text);
  if (named) return named;
  if (!/^\d{1,2}$/.test(text) || Number(text) > 20) return null;
  const skill = Number(text);
  const above = LEVELS.find((level) => level.skill >= skill);
  return { id: text, name: `Level ${skill}`, skill, movetime: above.movetime };
}

/** Like levelFrom, with the default level for anything unknown. */
export function levelById(id) {
  return levelFrom(id) ?? DEFAULT_LEVEL;
}
