/** Reading check-service's output in tests: its finding lines, by topic. */

export interface Line {
	verdict: string;
	topic: string;
	text: string;
}

const FINDING = /^\[(handled|NOT HANDLED|not checked)\] ([^:]+): /;

/** The finding lines of an output, in order (the header, counts and summary are left out). */
export function findingLines(output: string[]): Line[] {
	return output.flatMap((text) => {
		const m = FINDING.exec(text);
		return m ? [{ verdict: m[1], topic: m[2], text }] : [];
	});
}

/** The one line about `topic`; fails the test when there is none or more than one. */
export function lineAbout(output: string[], topic: string): Line {
	const lines = findingLines(output).filter((line) => line.topic === topic);
	if (lines.length !== 1)
		throw new Error(`${lines.length} lines about "${topic}" in:\n${output.join('\n')}`);
	return lines[0];
}

/** Every form in which a secret could show up in a text: as is, JSON-escaped, URL-encoded. */
export function secretForms(secret: string): string[] {
	return [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)];
}
