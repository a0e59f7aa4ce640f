/**
 * The simulated device around the bus window: the shell companion's notifications (a timer's end
 * notifies), the volume plugin and skill ("turn it up"), the homescreen's timer widget request, and
 * the listening / speaking frames around an utterance.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { busMessage, type BusMessage, type JsonObject } from '../../src/lib/protocol';
import { ManualClock, startSimulator, type Simulator } from '../../simulator';
import { ALERTS_ID } from '../../simulator/skills/alerts';
import { BusClient, until } from './helpers';

let sim: Simulator;
let clock: ManualClock;
let bus: BusClient;

beforeEach(async () => {
	clock = new ManualClock(1_700_000_000_000);
	sim = await startSimulator({ busPort: 0, guiPort: 0, clock, log: false });
	bus = await BusClient.connect(sim.busUrl);
});
afterEach(async () => {
	bus.close();
	await sim.stop();
});

const of = (type: string) => bus.received.filter((m) => m.type === type);
const send = (type: string, data: JsonObject = {}, session = 'default') => bus.send(busMessage(type, data, { session: { session_id: session } }));
/** An utterance to the device; the clock runs past core's converse ping (0.5 s) for active skills. */
async function say(text: string): Promise<void> {
	const n = of('recognizer_loop:utterance').length;
	send('recognizer_loop:utterance', { utterances: [text] });
	await seen('recognizer_loop:utterance', n + 1);
	await clock.advance(600);
}
async function seen(type: string, n = 1): Promise<BusMessage> {
	await until(() => of(type).length >= n, 3000, type);
	return of(type)[n - 1]!;
}

describe('shell companion: notifications', () => {
	it('pops a notification up 2 s after api.set, stores it on pop.clear, drops it on clear.item', async () => {
		const latestModel = () => of('ovos.notification.update_storage_model').at(-1)?.data;
		send('ovos.notification.api.set', { sender: 'skill-x', text: 'Hello', action: null, type: 'transient', style: 'info', callback_data: {}, duration: 10 });
		await seen('ovos.notification.api.set');
		await clock.advance(1999);
		expect(of('ovos.notification.show')).toEqual([]);
		await clock.advance(1);
		const data = await seen('ovos.notification.notification_data');
		await seen('ovos.notification.show');
		expect((await seen('ovos.notification.update_counter')).data).toEqual({ notification_counter: 1 });
		const n = data.data.notification as JsonObject;
		expect(n).toEqual({ duration: 10, sender: 'skill-x', text: 'Hello', action: null, type: 'transient', style: 'info', callback_data: {}, timestamp: 1_700_000_000 });

		const stored = { notification_model: { storedmodel: [n], count: 1 } };
		send('ovos.notification.api.pop.clear', { notification: n });
		await until(() => JSON.stringify(latestModel()) === JSON.stringify(stored), 3000, 'stored');
		const models = of('ovos.notification.update_storage_model').length;
		send('ovos.notification.api.pop.clear', { notification: n }); // a second screen: not stored twice
		send('ovos.notification.api.request.storage.model');
		await seen('ovos.notification.update_storage_model', models + 1);
		expect(latestModel()).toEqual(stored);

		send('ovos.notification.api.storage.clear.item', { notification: { sender: 'skill-x', text: 'Hello' } });
		await until(() => JSON.stringify(latestModel()) === JSON.stringify({ notification_model: { storedmodel: [], count: 0 } }), 3000, 'cleared');
	});

	it('reproduces the companion’s IndexError: clearing a stored item that is not the last sends no model', async () => {
		for (const text of ['a', 'b']) send('ovos.notification.api.pop.clear', { notification: { sender: 's', text } });
		await seen('ovos.notification.update_storage_model', 2);
		send('ovos.notification.api.storage.clear.item', { notification: { sender: 's', text: 'a' } });
		send('ovos.notification.api.request.storage.model');
		const next = await seen('ovos.notification.update_storage_model', 3);
		expect(next.data).toEqual({ notification_model: { storedmodel: [{ sender: 's', text: 'b' }], count: 1 } });
	});

	it('a timer that ends notifies; its action dismisses the timer and the notification again', async () => {
		await say('set a timer for 5 seconds');
		await clock.advance(5000);
		const set = await seen('ovos.notification.api.set');
		expect(set.data).toMatchObject({ sender: ALERTS_ID, text: 'Timer: five seconds timer', action: 'ovos.alerts.dismiss_notification', type: 'transient' });
		await clock.advance(2000);
		const shown = (await seen('ovos.notification.notification_data')).data.notification as JsonObject;
		send('ovos.alerts.dismiss_notification', shown.callback_data as JsonObject);
		expect((await seen('ovos.notification.api.storage.clear.item')).data).toEqual({ notification: { sender: ALERTS_ID, text: 'Timer: five seconds timer' } });
	});

	it('system.display.homescreen shows the homescreen', async () => {
		send('system.display.homescreen');
		await seen('homescreen.manager.show_active');
	});
});

describe('volume plugin and skill', () => {
	it('"turn it up" / "turn it down" change the volume and each change is reported', async () => {
		await say('turn it up');
		expect((await seen('mycroft.volume.increase')).data).toEqual({ percent: 0.1 });
		expect((await seen('mycroft.volume.get.response', 2)).data).toEqual({ percent: 0.85, muted: false });
		await until(() => of('speak').some((m) => m.data.utterance === 'Volume set to 85 percent'));
		await say('turn it down please');
		await seen('mycroft.volume.decrease');
		expect((await seen('mycroft.volume.get.response', 4)).data).toEqual({ percent: 0.75, muted: false });
		await say('set the volume to 40 percent');
		expect((await seen('mycroft.volume.get.response', 5)).data).toEqual({ percent: 0.4, muted: false });
		await say('mute');
		expect((await seen('mycroft.volume.get.response', 6)).data).toEqual({ percent: 0.4, muted: true });
	});

	it('ignores volume requests of another session, as the plugin validates the session', async () => {
		send('mycroft.volume.increase', { percent: 0.1 }, 'chat-1');
		send('mycroft.volume.get');
		expect((await seen('mycroft.volume.get.response')).data).toEqual({ percent: 0.75, muted: false });
	});
});

describe('voice state around an utterance', () => {
	it('emits wake word, recording, the utterance, then speech framed by audio_output_start / end', async () => {
		const said = sim.run({ say: 'hello' });
		await clock.advance(900);
		await said;
		await seen('recognizer_loop:audio_output_start');
		await clock.advance(10_000);
		await seen('recognizer_loop:audio_output_end', 2);
		const order = bus.types().filter((t) => /^recognizer_loop:/.test(t));
		expect(order.slice(0, 4)).toEqual(['recognizer_loop:wakeword', 'recognizer_loop:record_begin', 'recognizer_loop:record_end', 'recognizer_loop:utterance']);
		expect(order).toContain('recognizer_loop:audio_output_end');
	});
});
