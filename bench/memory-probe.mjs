// Loaded into the server by bench/fuzz.ts only (`node --expose-gc --import bench/memory-probe.mjs`): on SIGUSR2 the
// process collects its garbage fully and prints its memory as one line on stderr, so that memory before and after a
// run compares live data rather than where the collector happened to be.
process.on('SIGUSR2', () => {
  // Twice: the first collection runs finalizers that may free more.
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.stderr.write(`memory-probe ${JSON.stringify({ rss, heapUsed, external })}\n`);
});
