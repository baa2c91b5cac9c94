// 'alfiere/worker' has no exports: importing it (in a worker) starts the engine host.
export {};
