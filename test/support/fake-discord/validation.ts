/*
 * What real Discord refuses, so the fake refuses it too: a body the bot sends that Discord
 * would answer with 400 makes a test fail instead of passing silently. The limits are
 * Discord's documented ones and those of its OpenAPI description (discord/discord-api-spec):
 * messages, embeds, components, command registration. Lengths are counted in UTF-16 units,
 * which is never less than Discord's count, so the fake is at least as strict.
 *
 * Beside them, housecup's own rules (`houseRuleProblems`), which Discord does not enforce:
 * no message may be able to ping, reorder its text with bidi controls, or mention a non-user.
 */

export type Path = (string | number)[];

export interface Problem {
  path: Path;
  code: string;
  message: string;
}

type Json = Record<string, unknown>;

function record(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : null;
}

const tooLong = (max: number) => ({
  code: 'BASE_TYPE_MAX_LENGTH',
  message: `Must be ${max} or fewer in length.`,
});
const required = { code: 'BASE_TYPE_REQUIRED', message: 'This field is required' };

/** A string field: present when `isRequired`, at most `max` long, not blank when required. */
function text(
  value: unknown,
  path: Path,
  max: number,
  options: { required?: boolean; min?: number } = {},
): Problem[] {
  if (value === undefined || value === null) {
    return options.required ? [{ path, ...required }] : [];
  }
  if (typeof value !== 'string') {
    return [{ path, code: 'BASE_TYPE_STRING', message: 'Must be a string.' }];
  }
  // Discord trims names and values before checking them: a blank one is a missing one.
  if (options.required && value.trim() === '') return [{ path, ...required }];
  const min = options.min ?? 0;
  if (value.length < min || value.length > max) {
    return [
      min > 0
        ? {
            path,
            code: 'BASE_TYPE_BAD_LENGTH',
            message: `Must be between ${min} and ${max} in length.`,
          }
        : { path, ...tooLong(max) },
    ];
  }
  return [];
}

function list(value: unknown, path: Path, max: number): unknown[] | Problem {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return { path, code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' };
  if (value.length > max) return { path, ...tooLong(max) };
  return value;
}

// ---------- messages ----------

const EMBED = { title: 256, description: 4096, fields: 25, name: 256, value: 1024, footer: 2048 };
const EMBED_TOTAL = 6000;

function embedProblems(value: unknown, path: Path): { problems: Problem[]; length: number } {
  const embed = record(value);
  if (!embed) return { problems: [{ path, ...required }], length: 0 };
  const problems = [
    ...text(embed.title, [...path, 'title'], EMBED.title),
    ...text(embed.description, [...path, 'description'], EMBED.description),
  ];
  let length = String(embed.title ?? '').length + String(embed.description ?? '').length;
  const footer = record(embed.footer);
  if (footer) {
    problems.push(
      ...text(footer.text, [...path, 'footer', 'text'], EMBED.footer, { required: true }),
    );
    length += String(footer.text ?? '').length;
  }
  const author = record(embed.author);
  if (author) {
    problems.push(...text(author.name, [...path, 'author', 'name'], 256, { required: true }));
    length += String(author.name ?? '').length;
  }
  if (embed.color !== undefined && embed.color !== null) {
    const color = embed.color;
    if (typeof color !== 'number' || !Number.isInteger(color) || color < 0 || color > 0xffffff) {
      problems.push({ path: [...path, 'color'], code: 'NUMBER_TYPE_MAX', message: 'Bad color.' });
    }
  }
  const fields = list(embed.fields, [...path, 'fields'], EMBED.fields);
  if (!Array.isArray(fields)) return { problems: [...problems, fields], length };
  for (const [i, item] of fields.entries()) {
    const field = record(item) ?? {};
    const at = [...path, 'fields', i];
    problems.push(...text(field.name, [...at, 'name'], EMBED.name, { required: true }));
    problems.push(...text(field.value, [...at, 'value'], EMBED.value, { required: true }));
    length += String(field.name ?? '').length + String(field.value ?? '').length;
  }
  return { problems, length };
}

const BUTTON = 2;
const ACTION_ROW = 1;
const LINK_STYLES = new Set([5, 6]);

function componentProblems(value: unknown, path: Path): Problem[] {
  const rows = list(value, path, 5);
  if (!Array.isArray(rows)) return [rows];
  const problems: Problem[] = [];
  const ids = new Set<string>();
  for (const [r, item] of rows.entries()) {
    const row = record(item) ?? {};
    const at = [...path, r];
    if (row.type !== ACTION_ROW) {
      problems.push({ path: [...at, 'type'], code: 'BASE_TYPE_CHOICES', message: 'Not a row.' });
      continue;
    }
    const children = list(row.components, [...at, 'components'], 5);
    if (!Array.isArray(children)) {
      problems.push(children);
      continue;
    }
    if (children.length === 0) {
      problems.push({
        path: [...at, 'components'],
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 5 in length.',
      });
    }
    for (const [c, child] of children.entries()) {
      const button = record(child) ?? {};
      const cat = [...at, 'components', c];
      if (button.type !== BUTTON) continue;
      problems.push(...text(button.label, [...cat, 'label'], 80));
      if (LINK_STYLES.has(Number(button.style))) continue;
      problems.push(
        ...text(button.custom_id, [...cat, 'custom_id'], 100, { required: true, min: 1 }),
      );
      const id = String(button.custom_id);
      if (ids.has(id)) {
        problems.push({
          path: [...cat, 'custom_id'],
          code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
          message: 'Component custom id cannot be duplicated',
        });
      }
      ids.add(id);
    }
  }
  return problems;
}

/** Form-body problems of a message (a reply, an update, an edit, a follow-up). */
export function messageProblems(value: unknown, path: Path = []): Problem[] {
  const data = record(value);
  if (!data) return [{ path, ...required }];
  const problems = [...text(data.content, [...path, 'content'], 2000)];
  const embeds = list(data.embeds, [...path, 'embeds'], 10);
  if (Array.isArray(embeds)) {
    let total = 0;
    for (const [i, embed] of embeds.entries()) {
      const checked = embedProblems(embed, [...path, 'embeds', i]);
      problems.push(...checked.problems);
      total += checked.length;
    }
    if (total > EMBED_TOTAL) {
      problems.push({
        path: [...path, 'embeds'],
        code: 'MAX_EMBED_SIZE_EXCEEDED',
        message: `Embed size exceeds maximum size of ${EMBED_TOTAL}`,
      });
    }
  } else {
    problems.push(embeds);
  }
  problems.push(...componentProblems(data.components, [...path, 'components']));
  const mentions = record(data.allowed_mentions);
  if (mentions?.parse !== undefined) {
    const parse = mentions.parse;
    const allowed = ['users', 'roles', 'everyone'];
    if (!Array.isArray(parse) || parse.some((p) => !allowed.includes(String(p)))) {
      problems.push({
        path: [...path, 'allowed_mentions', 'parse'],
        code: 'BASE_TYPE_CHOICES',
        message: 'Value must be one of users, roles, everyone.',
      });
    }
  }
  return problems;
}

/** Discord's 50006: a message with nothing to show (no content, embed or component). */
export function isEmptyMessage(value: unknown): boolean {
  const data = record(value) ?? {};
  const content = typeof data.content === 'string' ? data.content.trim() : '';
  const embeds = Array.isArray(data.embeds) ? data.embeds.length : 0;
  const components = Array.isArray(data.components) ? data.components.length : 0;
  return content === '' && embeds === 0 && components === 0;
}

// ---------- housecup's own rules ----------

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const MENTION = /(?<!\\)<@[!&]?([^>]*)>/g;

function strings(value: unknown, path: Path, out: { path: Path; text: string }[]): void {
  if (typeof value === 'string') {
    out.push({ path, text: value });
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) strings(item, [...path, i], out);
  } else if (record(value)) {
    for (const [key, item] of Object.entries(value as Json)) {
      // Custom ids are data for the bot, never shown as text.
      if (key !== 'custom_id') strings(item, [...path, key], out);
    }
  }
}

/** Rules housecup holds itself to on every message; Discord would accept these bodies. */
export function houseRuleProblems(value: unknown, path: Path = []): Problem[] {
  const data = record(value) ?? {};
  const problems: Problem[] = [];
  const mentions = record(data.allowed_mentions);
  const none =
    mentions !== null &&
    Array.isArray(mentions.parse) &&
    mentions.parse.length === 0 &&
    Object.keys(mentions).length === 1;
  if (!none) {
    problems.push({
      path: [...path, 'allowed_mentions'],
      code: 'HOUSECUP_NO_MENTIONS',
      message: 'housecup sends allowed_mentions {"parse":[]} on every message',
    });
  }
  const found: { path: Path; text: string }[] = [];
  strings({ content: data.content, embeds: data.embeds, components: data.components }, path, found);
  for (const { path: at, text: s } of found) {
    if (BIDI.test(s)) {
      problems.push({
        path: at,
        code: 'HOUSECUP_BIDI',
        message: 'a bidi control character reached a message',
      });
    }
    for (const match of s.matchAll(MENTION)) {
      if (!/^\d{17,20}$/.test(match[1] ?? '')) {
        problems.push({
          path: at,
          code: 'HOUSECUP_MENTION',
          message: `mention of a non-user id: ${match[0]}`,
        });
      }
    }
  }
  return problems;
}

/** Everything refused in a message the bot sends: Discord's rules, then housecup's. */
export function messageRefusal(data: unknown, path: Path, houseRules: boolean): Problem[] {
  const problems = messageProblems(data, path);
  if (houseRules) problems.push(...houseRuleProblems(data, path));
  if (isEmptyMessage(data)) {
    problems.push({ path, code: 'EMPTY_MESSAGE', message: 'Cannot send an empty message' });
  }
  return problems;
}

/**
 * A message's `attachments` and its embeds' `attachment://` images must name files uploaded
 * with it (`files[n]` of a multipart request, in order): Discord refuses an attachment whose
 * upload is missing (an answer that says "see the picture" without sending it).
 */
export function attachmentProblems(
  data: unknown,
  files: readonly { name: string }[],
  path: Path,
): Problem[] {
  const message = record(data);
  if (!message) return [];
  const problems: Problem[] = [];
  const listed = Array.isArray(message.attachments) ? message.attachments : [];
  const names = new Set<string>();
  for (const [i, item] of listed.entries()) {
    const attachment = record(item) ?? {};
    const id = Number(attachment.id);
    const filename = String(attachment.filename ?? '');
    names.add(filename);
    if (!Number.isInteger(id) || files[id]?.name !== filename) {
      problems.push({
        path: [...path, 'attachments', i],
        code: 'ATTACHMENT_NOT_FOUND',
        message: `No file files[${attachment.id}] named ${filename} was uploaded`,
      });
    }
  }
  const embeds = Array.isArray(message.embeds) ? message.embeds : [];
  for (const [i, embed] of embeds.entries()) {
    const url = String(record(record(embed)?.image)?.url ?? '');
    if (url.startsWith('attachment://') && !names.has(url.slice('attachment://'.length))) {
      problems.push({
        path: [...path, 'embeds', i, 'image', 'url'],
        code: 'ATTACHMENT_NOT_FOUND',
        message: `${url} names no attachment of this message`,
      });
    }
  }
  return problems;
}

/** What is refused in an interaction's first answer, `{type, data}` (callback or HTTP body). */
export function responseRefusal(response: unknown, houseRules: boolean): Problem[] {
  const { type, data } = (record(response) ?? {}) as { type?: unknown; data?: unknown };
  if (type === 4 || type === 7) return messageRefusal(data, ['data'], houseRules);
  if (type === 5 || type === 6) return [];
  return [{ path: ['type'], code: 'BASE_TYPE_CHOICES', message: 'Not a response type.' }];
}

// ---------- command registration ----------

const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const COMMAND_TEXT_TOTAL = 4000;

function nameProblems(value: unknown, path: Path): Problem[] {
  if (typeof value !== 'string') return [{ path, ...required }];
  if (!NAME.test(value) || value !== value.toLowerCase()) {
    return [{ path, code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }];
  }
  return [];
}

/** Options of a command or subcommand; returns the characters they add to the command's total. */
function optionProblems(value: unknown, path: Path, problems: Problem[]): number {
  const options = list(value, path, 25);
  if (!Array.isArray(options)) {
    problems.push(options);
    return 0;
  }
  let length = 0;
  let optionalSeen = false;
  const names = new Set<string>();
  for (const [i, item] of options.entries()) {
    const option = record(item) ?? {};
    const at = [...path, i];
    problems.push(...nameProblems(option.name, [...at, 'name']));
    problems.push(
      ...text(option.description, [...at, 'description'], 100, { required: true, min: 1 }),
    );
    length += String(option.name ?? '').length + String(option.description ?? '').length;
    if (names.has(String(option.name))) {
      problems.push({
        path: [...at, 'name'],
        code: 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
        message: 'Option names must be unique',
      });
    }
    names.add(String(option.name));
    const isSub = option.type === 1 || option.type === 2;
    if (option.required === true && optionalSeen) {
      problems.push({
        path: [...at, 'required'],
        code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        message: 'Required options must be placed before non-required options',
      });
    }
    if (!isSub && option.required !== true) optionalSeen = true;
    if (option.max_length !== undefined) {
      const max = Number(option.max_length);
      if (!Number.isInteger(max) || max < 1 || max > 6000) {
        problems.push({
          path: [...at, 'max_length'],
          code: 'NUMBER_TYPE_MAX',
          message: 'Must be from 1 to 6000.',
        });
      }
    }
    const choices = list(option.choices, [...at, 'choices'], 25);
    if (!Array.isArray(choices)) problems.push(choices);
    else {
      // Choices only exist on string (3), integer (4) and number (10) options, and each value
      // has its option's type: a string of 1–100 characters, or a number.
      if (choices.length > 0 && ![3, 4, 10].includes(Number(option.type))) {
        problems.push({
          path: [...at, 'choices'],
          code: 'APPLICATION_COMMAND_OPTION_CHOICES_INVALID',
          message: 'Choices are only allowed on string, integer and number options',
        });
      }
      for (const [c, choice] of choices.entries()) {
        const entry = record(choice) ?? {};
        const valuePath = [...at, 'choices', c, 'value'];
        problems.push(
          ...text(entry.name, [...at, 'choices', c, 'name'], 100, { required: true, min: 1 }),
          ...(option.type === 3
            ? text(entry.value, valuePath, 100, { required: true, min: 1 })
            : typeof entry.value === 'number'
              ? []
              : [
                  {
                    path: valuePath,
                    code: 'NUMBER_TYPE_COERCE',
                    message: 'Value is not a number.',
                  },
                ]),
        );
        length += String(entry.name ?? '').length + String(entry.value ?? '').length;
      }
    }
    if (isSub) length += optionProblems(option.options, [...at, 'options'], problems);
  }
  return length;
}

/** Form-body problems of a bulk overwrite of commands (PUT …/commands). */
export function commandProblems(body: unknown): Problem[] {
  const commands = list(body, [], 100);
  if (!Array.isArray(commands)) return [commands];
  const problems: Problem[] = [];
  const names = new Set<string>();
  for (const [i, item] of commands.entries()) {
    const command = record(item) ?? {};
    problems.push(...nameProblems(command.name, [i, 'name']));
    const type = command.type ?? 1;
    if (type === 1) {
      problems.push(
        ...text(command.description, [i, 'description'], 100, { required: true, min: 1 }),
      );
    }
    const key = `${String(type)}:${String(command.name)}`;
    if (names.has(key)) {
      problems.push({
        path: [i, 'name'],
        code: 'APPLICATION_COMMANDS_DUPLICATE_NAME',
        message: 'Application command names must be unique',
      });
    }
    names.add(key);
    const permissions = command.default_member_permissions;
    if (permissions !== undefined && permissions !== null && !/^\d+$/.test(String(permissions))) {
      problems.push({
        path: [i, 'default_member_permissions'],
        code: 'BASE_TYPE_INTEGER',
        message: 'Must be a permission bit set.',
      });
    }
    if (command.contexts !== undefined && command.contexts !== null) {
      const contexts = command.contexts;
      if (
        !Array.isArray(contexts) ||
        contexts.length === 0 ||
        new Set(contexts).size !== contexts.length ||
        contexts.some((c) => ![0, 1, 2].includes(Number(c)))
      ) {
        problems.push({
          path: [i, 'contexts'],
          code: 'BASE_TYPE_CHOICES',
          message: 'Must be unique values of 0, 1, 2.',
        });
      }
    }
    const length =
      String(command.name ?? '').length +
      String(command.description ?? '').length +
      optionProblems(command.options, [i, 'options'], problems);
    if (length > COMMAND_TEXT_TOTAL) {
      problems.push({
        path: [i],
        code: 'APPLICATION_COMMAND_TOO_LARGE',
        message: `Command exceeds maximum size (${COMMAND_TEXT_TOTAL})`,
      });
    }
  }
  return problems;
}

// ---------- the error body ----------

/** Discord's 400 for an invalid body: `{code: 50035, message, errors}`, errors nested by path. */
export function invalidFormBody(problems: readonly Problem[]): Json {
  const errors: Json = {};
  for (const problem of problems) {
    let node = errors;
    for (const key of problem.path) {
      const next = record(node[String(key)]) ?? {};
      node[String(key)] = next;
      node = next;
    }
    const list = Array.isArray(node._errors) ? node._errors : [];
    node._errors = [...list, { code: problem.code, message: problem.message }];
  }
  return { code: 50035, message: 'Invalid Form Body', errors };
}
