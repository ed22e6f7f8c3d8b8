/* eslint-disable @n8n/community-nodes/no-restricted-imports -- e2e test code, not shipped: it serves a feed with node:http */
/**
 * A local RSS feed for the e2e suite: n8n's own RSS Feed Read Trigger polls it beside an Outreach
 * Contact Trigger of the same workflow at the same second (issue 50). It starts with one item
 * dated a year back, so that the RSS trigger's activation poll keeps a last item date: n8n's node
 * emits only items dated after it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedItem {
	guid: string;
	title: string;
	date: Date;
}

export interface LocalFeed {
	url: string;
	items: FeedItem[];
	/** Adds an item dated `date` (default: now). */
	add(title: string, date?: Date): FeedItem;
	/** How often the feed was read. */
	reads(): number;
	close(): Promise<void>;
}

function escapeXml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function render(items: FeedItem[]): string {
	const entries = items
		.map(
			(item) =>
				`<item><title>${escapeXml(item.title)}</title><guid>${escapeXml(item.guid)}</guid>` +
				`<link>http://feed.e2e.example.com/${escapeXml(item.guid)}</link>` +
				`<pubDate>${item.date.toUTCString()}</pubDate></item>`,
		)
		.join('');
	return (
		'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>' +
		'<title>E2E feed</title><link>http://feed.e2e.example.com/</link>' +
		`<description>Items for the same-second e2e workflow</description>${entries}</channel></rss>`
	);
}

export async function startLocalFeed(): Promise<LocalFeed> {
	const items: FeedItem[] = [];
	let count = 0;
	const server: Server = createServer((req, res) => {
		count++;
		res.writeHead(200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
		res.end(render(items));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const feed: LocalFeed = {
		url: `http://127.0.0.1:${port}/feed.xml`,
		items,
		add(title, date = new Date()) {
			const item = { guid: `item-${items.length + 1}`, title, date };
			items.unshift(item);
			return item;
		},
		reads: () => count,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
	feed.add('Before the activation', new Date(Date.now() - 365 * 24 * 3_600_000));
	return feed;
}
