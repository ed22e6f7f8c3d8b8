/**
 * allDeleted (shared/leftOutLookup.ts): the contacts a range left out are looked up by id; the
 * order stands only when the service answers 404 for each (deleted since).
 */
import { contactGone } from '../../../nodes/OutreachContact/transport/api';
import { Withheld } from '../../../nodes/OutreachContact/transport/retry';
import {
	allDeleted,
	MAX_LEFT_OUT_LOOKUPS,
} from '../../../nodes/OutreachContact/trigger/shared/leftOutLookup';
import { httpError, pollContext } from '../../support/poll';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ contactGone: jest.fn() }));
const get = jest.mocked(contactGone);

/** The service: ids in `existing` are there, every other id answers 404 (gone). */
function service(existing: number[]) {
	get.mockImplementation(async (_ctx, id, permit) => {
		if (!permit()) throw new Withheld();
		return !existing.includes(id);
	});
}
const always = () => true;
const ready = jest.fn(async () => {});

beforeEach(() => {
	get.mockReset();
	ready.mockClear();
});

describe('allDeleted', () => {
	it('is true when the service answers 404 for each, after one lookup each through the budget', async () => {
		service([]);
		const take = jest.fn(always);
		expect(await allDeleted(pollContext, ['12', '15'], take, ready)).toBe(true);
		expect(get.mock.calls.map((c) => c[1])).toEqual([12, 15]);
		expect(get.mock.calls.every((c) => c[2] === take)).toBe(true);
		expect(ready).toHaveBeenCalledTimes(2);
	});

	it('is false once one is still there (a list by insertion), and looks up no more', async () => {
		service([15]);
		expect(await allDeleted(pollContext, ['15', '12'], always, ready)).toBe(false);
		expect(get.mock.calls.map((c) => c[1])).toEqual([15]);
	});

	it(`looks up none when more than ${MAX_LEFT_OUT_LOOKUPS} are left out, or an id is not an int`, async () => {
		service([]);
		const many = Array.from({ length: MAX_LEFT_OUT_LOOKUPS + 1 }, (_, i) => String(i + 1));
		expect(await allDeleted(pollContext, many, always, ready)).toBe(false);
		expect(await allDeleted(pollContext, many.slice(1), always, ready)).toBe(true);
		get.mockClear();
		expect(await allDeleted(pollContext, ['12', 'c-7'], always, ready)).toBe(false);
		expect(await allDeleted(pollContext, ['1'.repeat(16)], always, ready)).toBe(false);
		expect(get).not.toHaveBeenCalled();
	});

	it('is false when the budget refuses a lookup: nothing more is sent', async () => {
		service([]);
		let left = 1;
		expect(await allDeleted(pollContext, ['12', '15'], () => left-- > 0, ready)).toBe(false);
		expect(get).toHaveBeenCalledTimes(2); // the second was refused before it was sent
	});

	it('lets any other failure end the poll as a page read would', async () => {
		get.mockRejectedValueOnce(httpError(500));
		await expect(allDeleted(pollContext, ['12'], always, ready)).rejects.toMatchObject({
			httpCode: '500',
		});
	});
});
