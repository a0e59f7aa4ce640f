/**
 * The shape every translation of an area must have: the English catalogue's keys, each a string, a
 * message function with the same parameters, or a group of those. Annotating a catalogue with it
 * makes a missing, extra or mistyped key a type error.
 */
export type Messages<T> = {
	readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : T[K] extends string ? string : Messages<T[K]>;
};

/** Some of an area's texts worded for a regional variant (pt-BR), the rest left to its language's catalogue. */
export type Overrides<T> = {
	readonly [K in keyof T]?: T[K] extends (...args: infer A) => string ? (...args: A) => string : T[K] extends string ? string : Overrides<T[K]>;
};
