/**
 * The chat panel end to end: the built app, its /api/chat, the shared simulator's core.
 * Screenshots go to e2e/.artifacts/.
 */
import { expect, test, type Page } from '@playwright/test';
import { live, pullShade } from './support/screen';
import { settled } from './support/settle';

const APP = () => process.env.APP_URL ?? '';

async function say(page: Page, text: string) {
	const input = page.getByRole('textbox', { name: 'Message' });
	await input.fill(text);
	await input.press('Enter');
}

const assistant = (page: Page) => page.locator('li[data-role="assistant"]');

// Each test's page is in a browser context of its own, whose localStorage (where chats are kept)
// starts empty: no clearing and reloading needed.
test.beforeEach(async ({ page }) => {
	await page.goto(`${APP()}/chat`);
});

test('a turn streams in, shows which skill answered, and survives a reload', async ({ page }) => {
	await say(page, 'hello');
	await expect(page.locator('li[data-role="user"]')).toHaveText('hello');
	const reply = assistant(page).last();
	await expect(reply).toHaveAttribute('data-state', 'answered');
	await expect(reply.locator('p').first()).toHaveText('Hello there!\nI am the simulated OpenVoiceOS.');
	// The skill by the name a person knows; its id for developers on hover.
	await expect(reply.locator('[data-skill]')).toHaveText('Hello world');
	await expect(reply.locator('[data-skill]')).toHaveAttribute('title', /skill-hello-world\.openvoiceos/);
	await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
	await page.screenshot({ path: 'e2e/.artifacts/chat-hello.png' });
	// An on-screen keyboard takes half of a kiosk's 480 px: the input and the newest reply stay in view.
	await page.setViewportSize({ width: 800, height: 240 });
	await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport();
	await expect(reply).toBeInViewport();
	await page.screenshot({ path: 'e2e/.artifacts/chat-osk.png' });
	await page.setViewportSize({ width: 800, height: 480 });
	await page.reload();
	await expect(assistant(page).last()).toContainText('Hello there!');
	await expect(page.getByRole('combobox', { name: 'Chats' })).toHaveValue(/.+/);
});

test('a two-turn dialogue: the question waits for the answer, which is taken up at once', async ({ page }) => {
	await say(page, 'set a timer');
	await expect(assistant(page).last()).toHaveAttribute('data-state', 'awaiting');
	await expect(page.getByText('OVOS is waiting for your answer')).toBeVisible();
	await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', 'Your answer…');
	const t0 = Date.now();
	await say(page, '5 minutes');
	await expect(assistant(page).last()).toHaveAttribute('data-state', 'answered');
	await expect(assistant(page).last()).toContainText('Timer for five minutes, starting now.');
	// The skill's 15 s wait for the question to be "spoken" is answered by the server (docs/chat-api.md#when-a-turn-ends).
	expect(Date.now() - t0).toBeLessThan(5000);
	// The question was answered: nothing says OVOS still waits for it.
	await expect(page.getByText('OVOS is waiting for your answer')).toHaveCount(0);
	await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', 'Message OVOS…');
	await expect(assistant(page).last().locator('[data-skill]')).toHaveText('Alerts');
	await page.screenshot({ path: 'e2e/.artifacts/chat-dialogue.png' });
});

test('not understood is a clear state, not a fake reply; text is shown as text', async ({ page }) => {
	await say(page, '<img src=x onerror="document.title=1"> purple monkey dishwasher');
	await expect(assistant(page).last()).toHaveAttribute('data-state', 'unmatched');
	await expect(page.getByText('OVOS didn’t understand that.')).toBeVisible();
	await expect(page.locator('li[data-role="user"]')).toContainText('<img src=x');
	await expect(page.locator('li img')).toHaveCount(0);
	expect(await page.title()).not.toBe('1');
});

test('stop ends a running turn; new chat starts empty and the old one stays listed', async ({ page }) => {
	await say(page, 'run a system check');
	await expect(assistant(page).last()).toContainText('Checking the system.');
	await page.getByRole('button', { name: 'Stop' }).click();
	await expect(assistant(page).last()).toHaveAttribute('data-state', 'stopped');
	// Said once, not "Stopped." with "stopped" under it.
	await expect(assistant(page).last().getByRole('status')).toHaveText('Stopped.');
	await page.screenshot({ path: 'e2e/screenshots/chat-stopped.png' });
	await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
	await page.getByRole('button', { name: 'New chat' }).click();
	await expect(assistant(page)).toHaveCount(0);
	await expect(page.getByRole('combobox', { name: 'Chats' }).locator('option')).toHaveText(['New chat', 'run a system check']);
	// The picker is the chat's title with its arrow beside it, not a header-wide box with the arrow far off.
	const picker = (await page.getByRole('combobox', { name: 'Chats' }).boundingBox())!;
	const newChat = (await page.getByRole('button', { name: 'New chat' }).boundingBox())!;
	expect(newChat.x - (picker.x + picker.width)).toBeGreaterThan(newChat.width);
});

test('a reply cut off by a reload comes back stopped; a connection that fails is an error', async ({ page }) => {
	await say(page, 'run a system check');
	await expect(assistant(page).last()).toContainText('Checking the system.');
	// The page goes away mid-turn: the browser cancels the stream, which is the page's doing, not a failure.
	await page.reload();
	await expect(assistant(page).last()).toHaveAttribute('data-state', 'stopped');
	await expect(assistant(page).last()).toContainText('Checking the system.');
	await expect(page.getByText('Something went wrong.')).toHaveCount(0);
	await page.route('**/api/chat', (route) => route.abort('connectionreset'));
	await say(page, 'hello');
	await expect(assistant(page).last()).toHaveAttribute('data-state', 'error');
});

test('language choice is sent with the message', async ({ page }) => {
	await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
	const sent = page.waitForRequest((r) => r.url().endsWith('/api/chat'));
	await say(page, 'hello');
	expect((await sent).postDataJSON()).toMatchObject({ text: 'hello', lang: 'de-DE' });
});

test('OVOS unreachable and timed out have their own look', async ({ page }) => {
	await page.route('**/api/chat', (route) =>
		route.fulfill({
			status: 503,
			contentType: 'application/json',
			// As the server says it: not where the bus is, which is no browser's business.
			body: JSON.stringify({ error: { code: 'bus-down', message: 'the OVOS messagebus is unreachable; the server keeps trying' } })
		})
	);
	await say(page, 'hello');
	await expect(assistant(page).last()).toHaveAttribute('data-state', 'unreachable');
	await expect(page.getByText('OVOS is unreachable.')).toBeVisible();
	await expect(page.getByText('the OVOS messagebus is unreachable; the server keeps trying')).toBeVisible();
	await page.unroute('**/api/chat');
	await page.route('**/api/chat', (route) =>
		route.fulfill({
			status: 200,
			contentType: 'text/event-stream',
			body: 'event: sentence\ndata: {"text":"Let me think","skill":null}\n\nevent: done\ndata: {"outcome":"timeout","complete":false,"text":"Let me think","skill":null,"token":"t"}\n\n'
		})
	);
	await say(page, 'think hard');
	await expect(assistant(page).last()).toHaveAttribute('data-state', 'timeout');
	await expect(page.getByText('Timed out: OVOS went quiet before finishing.')).toBeVisible();
	await page.unroute('**/api/chat');
	await page.route('**/api/chat', (route) =>
		route.fulfill({
			status: 503,
			contentType: 'application/json',
			body: JSON.stringify({ error: { code: 'core-down', message: 'OVOS core is not responding: the messagebus is up, but nothing reacted within 2.5 s' } })
		})
	);
	await say(page, 'anyone home?');
	await expect(assistant(page).last()).toHaveAttribute('data-state', 'no-core');
	await expect(page.getByText('OVOS core is not responding.')).toBeVisible();
	await page.screenshot({ path: 'e2e/.artifacts/chat-states.png' });
	await page.emulateMedia({ colorScheme: 'dark' });
	await page.screenshot({ path: 'e2e/.artifacts/chat-states-dark.png' });
});

test('the slide-over on the screen page: open, chat, close with Escape', async ({ page }) => {
	const sockets: import('@playwright/test').WebSocket[] = [];
	page.on('websocket', (ws) => sockets.push(ws));
	await page.goto(`${APP()}/`);
	// The button is in the server's HTML; it opens the chat once the page has been taken over.
	await live(page);
	const handle = page.getByRole('button', { name: 'Chat', exact: true });
	await handle.click();
	const panel = page.getByRole('dialog', { name: 'Chat with OVOS' });
	await expect(panel.getByRole('textbox', { name: 'Message' })).toBeFocused();
	await say(page, "what's the weather");
	await expect(panel.locator('li[data-role="assistant"]').last()).toContainText(/It's currently partly cloudy and \d+ degrees\./);
	// The turn is over (its text can come before its end): Escape during a turn stops it instead of closing.
	await expect(panel.locator('li[data-role="assistant"]').last()).toHaveAttribute('data-state', 'answered');
	await settled(page);
	await page.screenshot({ path: 'e2e/.artifacts/chat-slide-over.png' });
	// Escape from a button of the panel closes the chat and is not also "back" for the screen.
	await panel.getByRole('button', { name: 'New chat' }).focus();
	const sent: string[] = [];
	for (const ws of sockets) ws.on('framesent', (f) => sent.push(String(f.payload)));
	await page.keyboard.press('Escape');
	await expect(handle).toBeFocused();
	await page.waitForTimeout(300);
	expect(sent.filter((f) => !f.includes('user.interaction'))).toEqual([]);
	expect(await page.getByText('Back from the first page').count()).toBe(0); // no retry: the notice would fade
	await expect(panel).toHaveAttribute('inert', '');
	await settled(page);
	await page.screenshot({ path: 'e2e/.artifacts/chat-slide-over-closed.png' });
});

test('"On this device": the answer is spoken on the device and shows on its other screens', async ({ page, browser }) => {
	const elsewhere = await browser.newContext();
	const screen = await elsewhere.newPage();
	await screen.goto(`${APP()}/`);
	await page.goto(`${APP()}/`);
	const panel = page.getByRole('dialog', { name: 'Chat with OVOS' });
	const mode = panel.getByRole('combobox', { name: 'Chat mode' });
	// A click that lands before the page is hydrated does nothing: as a person would, click again.
	await expect(async () => {
		await page.getByRole('button', { name: 'Chat', exact: true }).click();
		await expect(mode).toBeVisible({ timeout: 2_000 });
	}).toPass({ timeout: 15_000 });
	await expect(mode).toHaveValue('private');
	// Private: the device says nothing.
	await say(page, 'hello');
	await expect(panel.locator('li[data-role="assistant"]').last()).toHaveAttribute('data-state', 'answered');
	await screen.waitForTimeout(800);
	await expect(screen.locator('[data-cue="speaking"]')).toHaveCount(0);
	// On this device: as if spoken to it.
	await mode.selectOption('device');
	const sent = page.waitForRequest((r) => r.url().endsWith('/api/chat'));
	await say(page, "what's the weather");
	expect((await sent).postDataJSON()).toMatchObject({ text: "what's the weather", device: true });
	await expect(panel.locator('li[data-role="assistant"]').last()).toContainText("It's currently partly cloudy");
	await expect(screen.locator('[data-cue="speaking"]')).toBeVisible();
	await expect(screen.locator('[data-namespace*="weather"]').first()).toBeVisible();
	await page.screenshot({ path: 'e2e/.artifacts/chat-on-device.png' });
	await screen.screenshot({ path: 'e2e/.artifacts/chat-on-device-other-screen.png' });
	await elsewhere.close();
});

test('the kiosk has the chat too, speaking as the device from the start', async ({ page }) => {
	await page.goto(`${APP()}/kiosk`);
	// No Chat button on the kiosk's pages: it is in the shade pulled down from the top edge.
	await expect(page.getByRole('button', { name: 'Chat', exact: true })).toHaveCount(0);
	await pullShade(page);
	await page.getByRole('dialog', { name: 'Kiosk menu' }).getByRole('button', { name: 'Chat', exact: true }).click();
	const panel = page.getByRole('dialog', { name: 'Chat with OVOS' });
	await expect(panel.getByRole('combobox', { name: 'Chat mode' })).toHaveValue('device');
	await expect(panel.getByText('On this device: replies are spoken there and shown on its screens')).toBeVisible();
	await page.screenshot({ path: 'e2e/.artifacts/chat-kiosk.png' });
});

test('a German reader’s "wie ist das Wetter" is understood on the demo and answered in German', async ({ browser }) => {
	const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 800, height: 480 } });
	const page = await context.newPage();
	await page.goto(`${APP()}/chat`);
	await expect(page.getByRole('combobox', { name: 'Sprache' }).locator('option:checked')).toHaveText('Deine Sprache');
	const sent = page.waitForRequest((r) => r.url().endsWith('/api/chat'));
	const input = page.getByRole('textbox', { name: 'Nachricht' });
	await input.fill('wie ist das Wetter');
	await input.press('Enter');
	expect((await sent).postDataJSON()).toMatchObject({ text: 'wie ist das Wetter', readerLang: 'de-DE' });
	const reply = assistant(page).last();
	await expect(reply).toHaveAttribute('data-state', 'answered');
	await expect(reply.locator('p').first()).toHaveText(/^Derzeit .* bei \d+ Grad\./);
	await expect(reply.locator('[data-skill]')).toHaveText('Wetter');
	await expect(reply.getByTestId('not-heard')).toHaveCount(0);
	await page.screenshot({ path: 'e2e/screenshots/chat-reader-de.png' });
	await context.close();
});
