// The lab's session settings, the same for both databases: its time zone (lab times are wall-clock
// values, db/type-parsers.ts) and ISO dates. PostgreSQL gets them in each connection's startup
// packet (an on-connect SET would race with the connection's first query); the embedded database
// as start parameters of its one backend (a SET after the boot would be one more round trip
// before the database is ready).

/** The settings as `name=value` pairs, each given with `-c` on PostgreSQL's command line. */
export const sessionSettings = (timezone: string): string[] => [`TimeZone=${timezone}`, 'DateStyle=ISO,YMD'];

/** For a connection's `options` (libpq's): `-c TimeZone=… -c DateStyle=…`. */
export const sessionOptions = (timezone: string): string =>
  sessionSettings(timezone)
    .map((setting) => `-c ${setting}`)
    .join(' ');

/** For PGlite's `startParams`: `['-c', 'TimeZone=…', '-c', …]`. */
export const sessionStartParams = (timezone: string): string[] =>
  sessionSettings(timezone).flatMap((setting) => ['-c', setting]);
