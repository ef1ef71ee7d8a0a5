import {
  type APIActionRowComponent,
  type APIButtonComponent,
  ButtonStyle,
  ComponentType,
} from 'discord.js';
import { buttonId } from './command.js';

export const PAGE_SIZE = 10;

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** A page number from a button may be stale (the list shrank): keep it inside the list. */
export function clampPage(page: number, count: number): number {
  if (!Number.isInteger(page) || page < 0) return 0;
  return Math.min(page, count - 1);
}

/**
 * ◀ ▶ for a paged list. Each button's custom_id carries the page it leads to, the user who may
 * press it, and `list` (what the list shows: its sort and filter), so no state has to live in
 * the process between clicks.
 */
export function pagerRow(
  command: string,
  page: number,
  count: number,
  ownerId: string,
  list: readonly string[] = [],
): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        custom_id: buttonId(command, 'page', page - 1, ownerId, ...list),
        emoji: { name: '◀️' },
        disabled: page <= 0,
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        custom_id: buttonId(command, 'page', page + 1, ownerId, ...list),
        emoji: { name: '▶️' },
        disabled: page >= count - 1,
      },
    ],
  };
}
