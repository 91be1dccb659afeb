/**
 * Texts a page receives from a call (bundles loaded from §7's paths, the session warning's content) are parsed here,
 * with FormatJS's parser loaded at that moment as a chunk of its own: the page's scripts do not carry it.
 */
import { parsedMessages, type MessageSource } from '@portal/contract';

export async function parseLate<K extends string>(texts: Record<K, string>): Promise<Record<K, MessageSource>> {
  if (!Object.values<string>(texts).some((text) => text.includes('{'))) return texts;
  // The parser under a name of its own: the package's own name is the parser-less build in the browser.
  const { parse } = await import('icu-parser-full');
  return parsedMessages(texts, (text) => parse(text)) as Record<K, MessageSource>;
}
