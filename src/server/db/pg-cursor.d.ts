// pg-cursor ships no types; Kysely only needs a constructor it can hand to `client.query()`.
declare module 'pg-cursor' {
  import type { PostgresCursorConstructor } from 'kysely';
  const Cursor: PostgresCursorConstructor;
  export default Cursor;
}
