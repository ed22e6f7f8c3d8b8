/* eslint-disable no-console -- a benchmark script, not shipped */
/** (c) one trigger poll with 5,000 new contacts in the window: filled in once the trigger lands. */
export async function benchTrigger(_limitPerMinute: number): Promise<void> {
	console.log('(c) trigger poll: not measured yet');
}
