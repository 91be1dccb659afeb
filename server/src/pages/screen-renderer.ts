/**
 * The web app's server renderer (web/src/ssr.tsx, built into web/dist/ssr/), loaded at the first page that uses it.
 * A page it cannot render (the build has none, or a screen fails) goes out without the screen, and the page's script
 * renders it as it would in front of another back end.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageData, PostedForm } from '@portal/contract';

export type RenderScreen = (page: string, data: PageData, path: string, search: string) => string | null;
/** §2's browser title of a page, in its language. */
export type ScreenTitle = (page: string, data: PageData) => string | null;

/** A form posted without the script, its refusals worded by its screen (issue 33). */
export type WordPosted = (page: string, data: PageData) => PostedForm | undefined;

export interface Renderer {
  render: RenderScreen;
  title: ScreenTitle;
  word: WordPosted;
}

/** The renderer once it is loaded, or null where there is none. */
export function screenRenderer(webDistDir: string, warn: (message: string) => void): () => Promise<Renderer | null> {
  const file = join(webDistDir, 'ssr', 'ssr.js');
  const refused = new Set<string>();
  const safely =
    (render: RenderScreen): RenderScreen =>
    (page, data, path, search) => {
      if (refused.has(page)) return null;
      try {
        return render(page, data, path, search);
      } catch (error) {
        // Not tried again: every later page of this screen is rendered by the browser.
        refused.add(page);
        warn(`The ${page} screen cannot be rendered on the service: ${(error as Error).message}`);
        return null;
      }
    };
  let loaded: Promise<Renderer | null> | null = null;
  return () =>
    (loaded ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { renderScreen: RenderScreen; screenTitle: ScreenTitle; wordPosted: WordPosted }) => ({
            render: safely(module.renderScreen),
            word: module.wordPosted,
            title: (page: string, data: PageData) => {
              try {
                return module.screenTitle(page, data);
              } catch {
                return null;
              }
            },
          }),
          (error: Error) => (warn(`The screens cannot be rendered on the service: ${error.message}`), null),
        )
      : Promise.resolve(null));
}
