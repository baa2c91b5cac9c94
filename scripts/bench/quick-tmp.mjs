import { Chess as Drop } from '../../js/chessjs-node.js';
function seeded(seed) { let s = seed; return (n) => { s ^= s << 13; s ^= s >>> 17; s ^= s << 5; return (s >>> 0) % n; }; }
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const next = seeded(12345);
for (let block = 0; block < 8; block++) {
  let plies = 0; const t0 = cpu();
  for (let g = 0; g < 50; g++) { const c = new Drop(); for (let p = 0; p < 300 && !c.isGameOver(); p++) { const m = c.moves(); c.move(m[next(m.length)]); plies++; } }
  console.log(block, plies, ((cpu() - t0) * 1000 / plies).toFixed(1), 'us/ply', (process.memoryUsage().rss / 1e6).toFixed(0), 'MB');
}
