import { id, integer, rowId, text, withDefault } from './field.js';
import { defineRecord, type RowOf } from './record.js';

export const job = defineRecord({
  name: 'Job',
  table: 'jobs',
  description: 'A job (profession) a guild defines; profiles may hold one.',
  fields: {
    id: rowId('Number of the job, unique within its guild', { assigned: 'numbered' }),
    guild_id: id('Identifier of the guild'),
    name: text('Name of the job', { min: 1, max: 100, notBlank: true }),
    description: withDefault(text('What the job is about; may be empty', { max: 2000 }), ''),
    salary: withDefault(integer('Salary in galleons', { min: 0 }), 0),
  },
  primaryKey: ['guild_id', 'id'],
});

export type Job = RowOf<typeof job>;
