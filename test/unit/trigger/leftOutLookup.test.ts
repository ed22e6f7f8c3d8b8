/**
 * allDeleted (shared/leftOutLookup.ts): the contacts a range left out are looked up by id; the
 * order stands only when the service answers 404 for each and answers a contact the range holds
 * (the control) as there.
 */
import { contactDeleted } from '../../../nodes/OutreachContact/transport/api';
import { Withheld } from '../../../nodes/OutreachContact/transport/retry';
import {
	allDeleted,
	MAX_LEFT_OUT_LOOKUPS,
} from '../../../nodes/OutreachContact/trigger/shared/leftOutLookup';
import { httpError, pollContext } from '../../support/poll';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ contactDeleted: jest.fn() }));
const get = jest.mocked(contactDeleted);

/** The service: ids in `existing` are there, every other id answers 404 (deleted). */
function service(existing: number[]) {
	get.mockImplementation(async (_ctx, id, permit) => {
		if (!permit()) throw new Withheld();
		return !existing.includes(id);
	});
}

/** A poll's budget of `requests`, counted as the lookups take them. */
function budgetOf(requests: number) {
	let left = requests;
	return {
		take: jest.fn(() => left-- > 0),
		ready: jest.fn(async () => {}),
		left: () => left,
	};
}

beforeEach(() => get.mockReset());

describe('allDeleted', () => {
	it('is true when each answers 404 and the control is there, one lookup each through the budget', async () => {
		service([7]);
		const budget = budgetOf(10);
		expect(await allDeleted(pollContext, ['12', '15'], ['7'], budget)).toBe(true);
		expect(get.mock.calls.map((c) => c[1])).toEqual([12, 15, 7]);
		expect(budget.take).toHaveBeenCalledTimes(3);
		expect(budget.ready).toHaveBeenCalledTimes(3);
	});

	it('is true at no cost when nothing was left out', async () => {
		expect(await allDeleted(pollContext, [], [], budgetOf(0))).toBe(true);
		expect(get).not.toHaveBeenCalled();
	});

	it('is false once one is still there (a list by insertion), and looks up no more', async () => {
		service([7, 15]);
		expect(await allDeleted(pollContext, ['15', '12'], ['7'], budgetOf(10))).toBe(false);
		expect(get.mock.calls.map((c) => c[1])).toEqual([15]);
	});

	it('takes for the control the first contact of the range with an id the lookup takes', async () => {
		service([9]);
		expect(await allDeleted(pollContext, ['12'], ['', 'c-7', '9', '10'], budgetOf(10))).toBe(true);
		expect(get.mock.calls.map((c) => c[1])).toEqual([12, 9]);
	});

	it('is false when the control answers 404 too: a service that answers 404 to every lookup', async () => {
		service([]);
		expect(await allDeleted(pollContext, ['12'], ['7'], budgetOf(10))).toBe(false);
		expect(await allDeleted(pollContext, ['12'], [], budgetOf(10))).toBe(false);
	});

	it(`looks up none when more than ${MAX_LEFT_OUT_LOOKUPS} are left out, or an id is not an int as written`, async () => {
		service([7]);
		const many = Array.from({ length: MAX_LEFT_OUT_LOOKUPS + 1 }, (_, i) => String(i + 10));
		expect(await allDeleted(pollContext, many, ['7'], budgetOf(100))).toBe(false);
		expect(await allDeleted(pollContext, many.slice(1), ['7'], budgetOf(100))).toBe(true);
		get.mockClear();
		for (const odd of ['c-7', '007', '1'.repeat(16)])
			expect(await allDeleted(pollContext, ['12', odd], ['7'], budgetOf(100))).toBe(false);
		expect(await allDeleted(pollContext, ['12'], ['07', '', 'c-9'], budgetOf(100))).toBe(false);
		expect(get).not.toHaveBeenCalled();
	});

	it('looks up none unless the share holds the lookups, the control and a request for the rolling check', async () => {
		service([7]);
		expect(await allDeleted(pollContext, ['12', '15'], ['7'], budgetOf(3))).toBe(false);
		expect(get).not.toHaveBeenCalled();
		expect(await allDeleted(pollContext, ['12', '15'], ['7'], budgetOf(4))).toBe(true);
	});

	it('is false when the budget refuses a lookup: nothing more is sent', async () => {
		service([7]);
		const budget = { ...budgetOf(10), take: jest.fn(() => false) };
		expect(await allDeleted(pollContext, ['12', '15'], ['7'], budget)).toBe(false);
		expect(get).toHaveBeenCalledTimes(1);
	});

	it('lets any other failure end the poll as a page read would', async () => {
		get.mockRejectedValueOnce(httpError(500));
		await expect(allDeleted(pollContext, ['12'], ['7'], budgetOf(10))).rejects.toMatchObject({
			httpCode: '500',
		});
	});
});
