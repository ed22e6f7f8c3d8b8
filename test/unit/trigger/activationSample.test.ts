/** The activation's sample of a list oldest first (readSample): what it takes for the order. */
import { readSample } from '../../../nodes/OutreachContact/trigger/shared/activationSample';
import { createdTime } from '../../../nodes/OutreachContact/trigger/shared/serviceTime';
import { pollContext } from '../../support/poll';
import { c, ids, reader, service } from '../../support/orderedList';

jest.mock('../../../nodes/OutreachContact/transport/api', () => ({ searchContacts: jest.fn() }));

describe('readSample, oldest first, the last page holding fewer than 3 contacts', () => {
	// Pages of 3 over 8 contacts: page 3 holds 2, so page 2 is read too, after it.
	it('a still list: page 1, the last page and the one before, in order', async () => {
		const fake = service(8, 'oldest', 3);
		const sample = await readSample(pollContext, reader(3), createdTime);
		expect(fake.requests.map((r) => r.page)).toEqual([1, 3, 2]);
		expect(sample).toMatchObject({ order: 'oldest', pages: 3 });
		expect(sample.partial).toBeUndefined();
		expect(sample.sample.map((p) => ids(p.contacts))).toEqual([
			[1, 2, 3],
			[7, 8],
			[4, 5, 6],
		]);
	});

	// fa444fc: a contact added between the reads of the last page and the one before (at a share
	// of 1, a minute apart) leaves the sample to the first walk, which completes it; the list keeps
	// its order. It passed for a list in no order before (`ends`), and the trigger walked the window.
	it('a contact added between the last page and the one before: the order stands, the first walk completes the sample', async () => {
		const fake = service(8, 'oldest', 3);
		fake.beforeAnswer = () => {
			if (fake.requests.length === 3) fake.contacts.push(c(9));
		};
		const sample = await readSample(pollContext, reader(3), createdTime);
		expect(fake.requests.map((r) => r.page)).toEqual([1, 3, 2]);
		expect(sample).toMatchObject({ order: 'oldest', partial: true });
		expect(sample.ends).toBeUndefined();
		expect(sample.sample.map((p) => p.total)).toEqual([8, 8, 9]);
	});

	// A page before the last whose dates fall within it, read after the list moved: no order.
	it('a page before the last out of order, read after the list moved: no order, and the cutoff guards the ends', async () => {
		const fake = service(8, 'oldest', 3);
		fake.beforeAnswer = () => {
			if (fake.requests.length !== 3) return;
			fake.order = 'asListed';
			fake.contacts = [1, 2, 3, 6, 4, 5, 7, 8, 9].map(c);
		};
		const sample = await readSample(pollContext, reader(3), createdTime);
		expect(sample.order).toBeUndefined();
		expect(sample).toMatchObject({ partial: true, ends: true });
	});
});
