// Loaded into a benchmarked API process (`node --import`): its event-loop delay since the last reading,
// written as JSON to EVENT_LOOP_PROBE_FILE on SIGUSR2 (then measured afresh). Benchmarks only.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => ns / 1e6;
    const reading = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
    writeFileSync(file, JSON.stringify(reading));
    delay.reset();
  });
}
