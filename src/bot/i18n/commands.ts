import type {
  RESTPostAPIChatInputApplicationCommandsJSONBody as CommandBody,
  LocalizationMap,
} from 'discord.js';
import type { en } from './en.js';
import { CATALOGUES, TRANSLATED_LOCALES } from './index.js';

/** What localization touches of a command, an option or a choice. */
interface Node {
  name: string;
  description?: string;
  name_localizations?: LocalizationMap | null;
  description_localizations?: LocalizationMap | null;
  options?: Node[];
  choices?: Node[];
}

function merge(english: Node, translations: ReadonlyMap<string, Node>): Node {
  const names: LocalizationMap = {};
  const descriptions: LocalizationMap = {};
  for (const [locale, node] of translations) {
    names[locale as keyof LocalizationMap] = node.name;
    if (node.description !== undefined) {
      descriptions[locale as keyof LocalizationMap] = node.description;
    }
  }
  const children = (key: 'options' | 'choices') =>
    english[key]?.map((child, index) => {
      const translated = new Map<string, Node>();
      for (const [locale, node] of translations) {
        const other = node[key]?.[index];
        if (!other) throw new Error(`${english.name}: ${locale} has no ${key}[${index}]`);
        translated.set(locale, other);
      }
      return merge(child, translated);
    });
  const options = children('options');
  const choices = children('choices');
  return {
    ...english,
    name_localizations: names,
    // Choices have a name only.
    ...(english.description === undefined ? {} : { description_localizations: descriptions }),
    ...(options ? { options } : {}),
    ...(choices ? { choices } : {}),
  };
}

/**
 * A command's definition, written once as a function of a language's texts: English gives the
 * command itself (the names Discord sends back in interactions), every other language its
 * `name_localizations` and `description_localizations`, those of each option and each choice
 * found at the same place in the tree. What `register` sends to Discord is this.
 *
 * Its type is English's, literal (`const T`, English's command names `as const`): the handler's
 * options are typed from it (options.ts). The other languages only lend their texts to the
 * localizations, read as plain nodes: their names differ, which is all the cast below hides.
 */
export function localizedCommand<const T extends CommandBody>(build: (t: typeof en) => T): T {
  const english = build(CATALOGUES['en-US']);
  const translations = new Map<string, Node>(
    TRANSLATED_LOCALES.map((locale) => [
      locale,
      build(CATALOGUES[locale] as unknown as typeof en) as Node,
    ]),
  );
  return merge(english as Node, translations) as unknown as T;
}
