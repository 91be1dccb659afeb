/** FormatJS's full ICU parser, under the name web/vite.config.ts gives it (the package's own name is parser-less). */
declare module 'icu-parser-full' {
  export { parse } from '@formatjs/icu-messageformat-parser';
}
