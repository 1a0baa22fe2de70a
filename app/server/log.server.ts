/**
 * One-line log records on stdout/stderr, filtered by LOG_LEVEL. Kept tiny on purpose: the
 * process manager (systemd, a container runtime) adds timestamps and ships the lines.
 */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;

let threshold: number = levels.info;

export function setLogLevel(level: LogLevel) {
  threshold = levels[level];
}

function write(level: Exclude<LogLevel, "silent">, message: string) {
  if (levels[level] < threshold) return;
  const line = `[${level}] ${message}\n`;
  (level === "warn" || level === "error" ? process.stderr : process.stdout).write(line);
}

export const log = {
  debug: (message: string) => write("debug", message),
  info: (message: string) => write("info", message),
  warn: (message: string) => write("warn", message),
  error: (message: string) => write("error", message),
};
