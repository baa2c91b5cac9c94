export * from '../pkg/node/alfiere.js';
export * from './errors.js';
export * from './puzzles.js';
