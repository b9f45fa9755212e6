// What the bench's measurements share: rounding and percentiles for the report, and a process's
// memory from /proc.
import fs from 'node:fs';

/** `x` rounded to `d` decimals, as the report shows figures. */
export const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** The `p`th percentile of `xs` (nearest rank; NaN for none). */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

/** A field of /proc/<pid>/status in MB (NaN once the process is gone). */
function statusMB(pid, field) {
  try {
    const kb = Number(
      new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1],
    );
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/** The process's resident memory now (MB). */
export const rssMB = (pid) => statusMB(pid, 'VmRSS');

/** The highest resident memory the process reached (MB, rounded). */
export const peakRssMB = (pid) => round(statusMB(pid, 'VmHWM'));
