// Playing levels with plain names, from a beginner to full strength. Each maps to the
// engine's 'Skill Level' option (0-20; below 20 the search is capped and sometimes
// picks a near-best line) and a thinking time per action.

export const LEVELS = [
  { id: 'beginner', name: 'Beginner', skill: 0, movetime: 400 },
  { id: 'novice', name: 'Novice', skill: 3, movetime: 500 },
  { id: 'casual', name: 'Casual player', skill: 6, movetime: 600 },
  { id: 'club', name: 'Club player', skill: 10, movetime: 800 },
  { id: 'strong', name: 'Strong player', skill: 14, movetime: 1000 },
  { id: 'expert', name: 'Expert', skill: 17, movetime: 1500 },
  { id: 'full', name: 'Full strength', skill: 20, movetime: 2500 },
];

export function levelById(id) {
  return LEVELS.find((level) => level.id === id) ?? LEVELS[2];
}
