/**
 * What pressing Confirm on SYSTEM_InputBox sends. ovos-gui 1.3.4 turns our
 * `system.gui.user.interaction` into `gui.page_interaction {"namespace": "system", "page_number":
 * null, "skill_id": …}` (bus.py: `page_number` is read from `parameters.number`, which a touch never
 * has). Qt sends that very frame for every press inside a page (mycroft-gui AbstractDelegate::
 * childMouseEventFilter), so it stays; nothing else may go with the answer.
 */
import { expect, test } from '@playwright/test';
import type { BusMessage } from '../src/lib/protocol';
import { privateSim, screenUrl, show } from './support/screen';

test('Confirm sends the touch Qt sends (with the skill id) and the answer, nothing more', async ({ page }) => {
	const sim = await privateSim();
	try {
		const seen: BusMessage[] = [];
		sim.on('*', (m: BusMessage) => {
			if (m.type.startsWith('gui.page') || m.type.includes('input.box')) seen.push(m);
		});
		await page.goto(screenUrl(sim, '/kiosk'));
		await expect(page.locator('.scr-root[data-conn="live"]')).toBeAttached();
		show(sim, 'skill-notes.test', ['SYSTEM_InputBox'], { title: 'Name it', placeholder: 'name', skill_id_handler: 'skill-notes.test' });
		await page.getByPlaceholder('name').fill('pasta');
		await page.waitForTimeout(2100); // past the touch throttle: the press sends its own
		seen.length = 0;
		await page.getByRole('button', { name: 'Confirm' }).click();
		await expect.poll(() => seen.map((m) => m.type)).toEqual(['gui.page_interaction', 'skill-notes.test.input.box.response']);
		expect(seen[0]!.data).toEqual({ namespace: 'system', page_number: null, skill_id: 'skill-notes.test' });
		expect(seen[1]!.data).toEqual({ text: 'pasta' });
		await page.waitForTimeout(500);
		expect(seen.length).toBe(2);
	} finally {
		await sim.stop();
	}
});
