/** A pairing code as the device's screens show it (from /api/pair/codes). */
export interface PairingCode {
	readonly id: string;
	readonly code: string;
	readonly name: string;
	readonly address: string;
	readonly expiresAt: number;
}
