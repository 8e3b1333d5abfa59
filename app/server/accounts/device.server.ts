/**
 * A short, human description of the browser a User-Agent header names ("Firefox on Windows"), for
 * the account's list of signed-in devices. Only what a person recognises; unknown parts say so.
 */
export function describeDevice(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser =
    [
      [/Edg(e|A|iOS)?\//, "Edge"],
      [/OPR\/|Opera/, "Opera"],
      [/SamsungBrowser\//, "Samsung Internet"],
      [/Firefox\/|FxiOS\//, "Firefox"],
      [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
      [/Safari\//, "Safari"],
      [/curl\/|node|undici|python|okhttp|axios/i, "An app"],
    ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] ?? "A browser";
  const system =
    [
      [/iPhone/, "iPhone"],
      [/iPad/, "iPad"],
      [/Android/, "Android"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "macOS"],
      [/CrOS/, "ChromeOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] ?? null;
  return system ? `${browser} on ${system}` : (browser as string);
}
