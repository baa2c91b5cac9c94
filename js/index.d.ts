export * from '../pkg/web/alfiere.js';
export { default } from '../pkg/web/alfiere.js';
export * from './errors.js';
export * from './puzzles.js';
