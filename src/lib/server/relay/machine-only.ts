/**
 * Who may use the relay until browsers can be let in otherwise: the machine itself (the kiosk on
 * the device's display, tools on it), as `'device'`: a loopback connection that no proxy forwarded
 * (a reverse proxy on this machine connects from loopback for everyone). Everyone else is refused.
 */
import type { IncomingMessage } from 'node:http';
import { clientOf } from '../guards';
import type { RelayAdmission } from '.';

const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

export function machineOnly(req: IncomingMessage): RelayAdmission {
	const proxied = FORWARDED.some((h) => req.headers[h] !== undefined) || (process.env.ADDRESS_HEADER?.trim() ? req.headers[process.env.ADDRESS_HEADER.trim().toLowerCase()] !== undefined : false);
	if (!proxied && clientOf(req.socket.remoteAddress ?? '').privileged) return { ok: true, principal: 'device' };
	return { ok: false, status: 401, message: 'only this machine may open the screens’ sockets' };
}
