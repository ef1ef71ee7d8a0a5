/*
 * Ids of data/demo.json, for the examples of the endpoint declarations: each example is what a
 * new database answers (test/ops/openapi.test.ts compares them with the live answers).
 */

export const DEMO_GUILD = '1133557799224466880';
/** The demo's second guild: its premium expired. */
export const DEMO_EXPIRED_GUILD = '1133557799224466881';
/** The demo member with three profiles. */
export const DEMO_MEMBER = '200000000000000001';
/** A guild with no data at all: every data endpoint's 404. */
export const DEMO_NO_DATA_GUILD = '999';
