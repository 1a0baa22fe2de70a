/**
 * Asks for a password on the terminal without echoing it, so it never appears on screen, in the
 * shell history or in npm's echo of the command line. Resolves null when there is no terminal.
 */
export function promptPassword(question: string): Promise<string | null> {
  const input = process.stdin;
  if (!input.isTTY) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let typed = "";
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const finish = (value: string | null, error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return finish(typed);
        if (char === "\u0003") return finish(null, new Error("cancelled"));
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else if (char >= " ") typed += char;
      }
    };
    input.on("data", onData);
  });
}
