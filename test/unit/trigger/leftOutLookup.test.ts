/**
 * The lookups of contacts a range left out (shared/leftOutLookup.ts): each is looked up by id; the
 * order stands only when the service answers 404 for each and answers a contact the range holds
 * (the control) as there; when the share does not hold them now, they wait for the next poll.
 */
import { contactDeleted } from '../../../nodes/OutreachContact/transport/api';
import { Withheld } from '../../../nodes/OutreachContact/transport/retry';
import {
	leftOutOf,
	lookUpLeftOut,
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

/** A poll's budget of `requests` in a share whose window holds `capacity`, counted as taken. */
function budgetOf(requests: number, capacity = 50) {
	let left = requests;
	return {
		take: jest.fn(() => left-- > 0),
		ready: jest.fn(async () => {}),
		left: () => left,
		capacity,
	};
}

const lookUp = (ids: string[], control = '7', budget = budgetOf(10), reserve = 1) =>
	lookUpLeftOut(pollContext, { ids, control }, budget, reserve);

beforeEach(() => get.mockReset());

describe('lookUpLeftOut', () => {
	it('finds them deleted when each answers 404 and the control is there, one lookup each through the budget', async () => {
		service([7]);
		const budget = budgetOf(10);
		expect(await lookUp(['12', '15'], '7', budget)).toBe('deleted');
		expect(get.mock.calls.map((c) => c[1])).toEqual([12, 15, 7]);
		expect(budget.take).toHaveBeenCalledTimes(3);
		expect(budget.ready).toHaveBeenCalledTimes(3);
	});

	it('costs nothing when nothing was left out', async () => {
		expect(await lookUp([], '7', budgetOf(0))).toBe('deleted');
		expect(get).not.toHaveBeenCalled();
	});

	it('finds the order broken once one is still there (a list by insertion), and looks up no more', async () => {
		service([7, 15]);
		expect(await lookUp(['15', '12'])).toBe('broken');
		expect(get.mock.calls.map((c) => c[1])).toEqual([15]);
	});

	it('finds the order broken when the control answers 404 too: a service that answers 404 to every lookup', async () => {
		service([]);
		expect(await lookUp(['12'])).toBe('broken');
	});

	it('waits for a later poll unless the share holds the lookups, the control and the reserve now', async () => {
		service([7]);
		expect(await lookUp(['12', '15'], '7', budgetOf(3))).toBe('later');
		expect(await lookUp(['12', '15'], '7', budgetOf(2), 0)).toBe('later');
		expect(get).not.toHaveBeenCalled();
		expect(await lookUp(['12', '15'], '7', budgetOf(4))).toBe('deleted');
		expect(await lookUp(['12', '15'], '7', budgetOf(3), 0)).toBe('deleted');
	});

	// A share of 1 holds 2 requests in its window: one contact and the control, never two.
	it('finds the order broken when the share can never hold them, as before the lookup (a walk)', async () => {
		service([7]);
		expect(await lookUp(['12'], '7', budgetOf(2, 2), 0)).toBe('deleted');
		expect(await lookUp(['12', '15'], '7', budgetOf(2, 2), 0)).toBe('broken');
		expect(await lookUp(['12', '15'], '7', budgetOf(0, 2), 0)).toBe('broken');
		expect(get.mock.calls.map((c) => c[1])).toEqual([12, 7]);
	});

	it('waits for a later poll when the budget refuses a lookup meanwhile: nothing more is sent', async () => {
		service([7]);
		const budget = { ...budgetOf(10), take: jest.fn(() => false) };
		expect(await lookUp(['12', '15'], '7', budget)).toBe('later');
		expect(get).toHaveBeenCalledTimes(1);
	});

	it('lets any other failure end the poll as a page read would', async () => {
		get.mockRejectedValueOnce(httpError(500));
		await expect(lookUp(['12'])).rejects.toMatchObject({ httpCode: '500' });
	});
});

describe('leftOutOf', () => {
	it('takes for the control the first contact of the range with an id the lookup takes', () => {
		expect(leftOutOf(['12'], ['', 'c-7', '9', '10'])).toEqual({ ids: ['12'], control: '9' });
	});

	it(`gives none to look up when more than ${MAX_LEFT_OUT_LOOKUPS} are left out, an id is not an int as written, or no control`, () => {
		const many = Array.from({ length: MAX_LEFT_OUT_LOOKUPS + 1 }, (_, i) => String(i + 10));
		expect(leftOutOf(many, ['7'])).toBeUndefined();
		expect(leftOutOf(many.slice(1), ['7'])).toEqual({ ids: many.slice(1), control: '7' });
		for (const odd of ['c-7', '007', '1'.repeat(16)])
			expect(leftOutOf(['12', odd], ['7'])).toBeUndefined();
		expect(leftOutOf(['12'], ['07', '', 'c-9'])).toBeUndefined();
		expect(leftOutOf(['12'], [])).toBeUndefined();
	});
});
