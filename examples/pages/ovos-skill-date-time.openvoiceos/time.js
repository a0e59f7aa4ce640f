// node_modules/svelte/src/internal/disclose-version.js
typeof window < "u" && ((window.__svelte ??= {}).v ??= /* @__PURE__ */ new Set()).add("5");
// node_modules/svelte/src/constants.js
var e = {}, t = Symbol("uninitialized"), n = "http://www.w3.org/1999/xhtml", r = Array.isArray, i = Array.prototype.indexOf, a = Array.prototype.includes, o = Array.from, s = Object.keys, c = Object.defineProperty, l = Object.getOwnPropertyDescriptor, u = Object.getOwnPropertyDescriptors, d = Object.prototype, f = Array.prototype, p = Object.getPrototypeOf, m = Object.isExtensible, h = () => {};
function g(e) {
	for (var t = 0; t < e.length; t++) e[t]();
}
function ee() {
	var e, t;
	return {
		promise: new Promise((n, r) => {
			e = n, t = r;
		}),
		resolve: e,
		reject: t
	};
}
var _ = 1024, v = 2048, y = 4096, te = 8192, ne = 16384, re = 32768, ie = 1 << 25, ae = 65536, oe = 1 << 19, se = 1 << 20, ce = 1 << 21, le = 1 << 22, ue = 1 << 23, de = Symbol("$state"), fe = Symbol("component"), pe = Symbol("legacy props"), me = Symbol(""), he = Symbol("attributes"), ge = Symbol("class"), _e = Symbol("style"), ve = Symbol("text"), ye = new class extends Error {
	name = "StaleReactionError";
	message = "The reaction that called `getAbortSignal()` was re-run or destroyed";
}(), be = !!globalThis.document?.contentType && /* @__PURE__ */ globalThis.document.contentType.includes("xml");
function xe() {
	console.warn("https://svelte.dev/e/derived_inert");
}
function Se(e) {
	console.warn("https://svelte.dev/e/hydration_mismatch");
}
function Ce() {
	console.warn("https://svelte.dev/e/svelte_boundary_reset_noop");
}
// node_modules/svelte/src/internal/client/dom/hydration.js
var b = !1;
function we(e) {
	b = e;
}
var x;
function S(t) {
	if (t === null) throw Se(), e;
	return x = t;
}
function Te() {
	return S(/* @__PURE__ */ I(x));
}
function Ee(t) {
	if (b) {
		if (/* @__PURE__ */ I(x) !== null) throw Se(), e;
		x = t;
	}
}
function De(e = 1) {
	if (b) {
		for (var t = e, n = x; t--;) n = /* @__PURE__ */ I(n);
		x = n;
	}
}
function Oe(e = !0) {
	for (var t = 0, n = x;;) {
		if (n.nodeType === 8) {
			var r = n.data;
			if (r === "]") {
				if (t === 0) return n;
				--t;
			} else (r === "[" || r === "[!" || r[0] === "[" && !isNaN(Number(r.slice(1)))) && (t += 1);
		}
		var i = /* @__PURE__ */ I(n);
		e && n.remove(), n = i;
	}
}
function ke(t) {
	if (!t || t.nodeType !== 8) throw Se(), e;
	return t.data;
}
// node_modules/svelte/src/internal/client/reactivity/equality.js
function Ae(e) {
	return e === this.v;
}
function je(e, t) {
	return e == e ? e !== t || typeof e == "object" && !!e || typeof e == "function" : t == t;
}
function Me(e) {
	return !je(e, this.v);
}
// node_modules/svelte/src/internal/client/errors.js
function Ne() {
	throw Error("https://svelte.dev/e/async_derived_orphan");
}
function Pe() {
	throw Error("https://svelte.dev/e/effect_update_depth_exceeded");
}
function Fe() {
	throw Error("https://svelte.dev/e/hydration_failed");
}
function Ie(e) {
	throw Error("https://svelte.dev/e/props_invalid_value");
}
function Le() {
	throw Error("https://svelte.dev/e/state_descriptors_fixed");
}
function Re() {
	throw Error("https://svelte.dev/e/state_prototype_fixed");
}
function ze() {
	throw Error("https://svelte.dev/e/state_unsafe_mutation");
}
function Be() {
	throw Error("https://svelte.dev/e/svelte_boundary_reset_onerror");
}
// node_modules/svelte/src/internal/client/context.js
var C = null;
function Ve(e) {
	C = e;
}
function He(e, t = !1, n) {
	C = {
		p: C,
		i: !1,
		c: null,
		e: null,
		s: e,
		x: null,
		r: G,
		l: null
	};
}
function Ue(e) {
	var t = C, n = t.e;
	if (n !== null) {
		t.e = null;
		for (var r of n) en(r);
	}
	return e !== void 0 && (t.x = e), t.i = !0, C = t.p, We(e);
}
function We(e = {}) {
	return c(e, fe, { value: !0 }), e;
}
function Ge() {
	return !0;
}
// node_modules/svelte/src/internal/client/dom/task.js
var w = [];
function Ke() {
	var e = w;
	w = [], g(e);
}
function T(e) {
	if (w.length === 0 && !ht) {
		var t = w;
		queueMicrotask(() => {
			t === w && Ke();
		});
	}
	w.push(e);
}
function qe() {
	for (; w.length > 0;) Ke();
}
// node_modules/svelte/src/internal/client/reactivity/status.js
var Je = ~(v | y | _);
function E(e, t) {
	e.f = e.f & Je | t;
}
function Ye(e) {
	e.f & 512 || e.deps === null ? E(e, _) : E(e, y);
}
// node_modules/svelte/src/internal/client/reactivity/utils.js
function Xe(e, t) {
	e.f & 2048 ? t.set(e, v) : e.f & 4096 && t.get(e) !== 2048 && t.set(e, y), E(e, _);
}
// node_modules/svelte/src/internal/client/dom/elements/bindings/shared.js
function Ze(e) {
	var t = H, n = G;
	W(null), K(null);
	try {
		return e();
	} finally {
		W(t), K(n);
	}
}
// node_modules/svelte/src/internal/client/reactivity/async.js
function Qe(e, t, n, r) {
	let i = Ge() ? nt : ot;
	var a = e.filter((e) => !e.settled), o = t.map(i);
	if (n.length === 0 && a.length === 0) {
		r(o);
		return;
	}
	var s = G, c = $e(), l = a.length === 1 ? a[0].promise : a.length > 1 ? Promise.all(a.map((e) => e.promise)) : null;
	function u(e) {
		if (!(s.f & 16384)) {
			c();
			try {
				r([...o, ...e]);
			} catch (e) {
				L(e, s);
			}
			et();
		}
	}
	var d = tt();
	if (n.length === 0) {
		l.then(() => u([])).finally(d);
		return;
	}
	function f() {
		Promise.all(n.map((e) => /* @__PURE__ */ it(e))).then(u).catch((e) => L(e, s)).finally(d);
	}
	l ? l.then(() => {
		s.f & 16384 ? d() : (c(), f(), et());
	}) : f();
}
function $e() {
	var e = G, t = H, n = C, r = D;
	return function(i = !0) {
		K(e), W(t), Ve(n), i && !(e.f & 16384) && (r?.activate(), r?.apply());
	};
}
function et(e = !0) {
	K(null), W(null), Ve(null), e && D?.deactivate();
}
function tt() {
	var e = G, t = e.b, n = D, r = !!t?.is_rendered();
	return t?.update_pending_count(1, n), n.increment(r, e), () => {
		t?.update_pending_count(-1, n), n.decrement(r, e);
	};
}
/*#__NO_SIDE_EFFECTS__*/
function nt(e) {
	var n = 2 | v;
	return G !== null && (G.f |= oe), {
		ctx: C,
		deps: null,
		effects: null,
		equals: Ae,
		f: n,
		fn: e,
		reactions: null,
		rv: 0,
		v: t,
		wv: 0,
		parent: G,
		ac: null
	};
}
var rt = Symbol("obsolete");
/*#__NO_SIDE_EFFECTS__*/
function it(e, n, r) {
	let i = G;
	i === null && Ne();
	var a = void 0, o = kt(t), s = !H, c = /* @__PURE__ */ new Set();
	return an(() => {
		var t = G, n = ee();
		a = n.promise;
		try {
			Promise.resolve(e()).then(n.resolve, (e) => {
				e !== ye && n.reject(e);
			}).finally(et);
		} catch (e) {
			n.reject(e), et();
		}
		var r = D;
		if (s) {
			if (t.f & 32768) var l = tt();
			if (i.b?.is_rendered()) r.async_deriveds.get(t)?.reject(rt);
			else for (let e of c.values()) e.reject(rt);
			c.add(n), r.async_deriveds.set(t, n);
		}
		let u = (e, t = void 0) => {
			l?.(), c.delete(n), t !== rt && (r.activate(), t ? (o.f |= ue, Mt(o, t)) : (o.f & 8388608 && (o.f ^= ue), Mt(o, e)), r.deactivate());
		};
		n.promise.then(u, (e) => u(null, e || "unknown"));
	}), $t(() => {
		for (let e of c) e.reject(rt);
	}), new Promise((e) => {
		function t(n) {
			function r() {
				n === a ? e(o) : t(a);
			}
			n.then(r, r);
		}
		t(a);
	});
}
/*#__NO_SIDE_EFFECTS__*/
function at(e) {
	let t = /* @__PURE__ */ nt(e);
	return xn(t), t;
}
/*#__NO_SIDE_EFFECTS__*/
function ot(e) {
	let t = /* @__PURE__ */ nt(e);
	return t.equals = Me, t;
}
function st(e) {
	var t = e.effects;
	if (t !== null) {
		e.effects = null;
		for (var n = 0; n < t.length; n += 1) B(t[n]);
	}
}
function ct(e) {
	var n, r = G, i = e.parent;
	if (!V && i !== null && e.v !== t && i.f & 24576) return xe(), e.v;
	K(i);
	try {
		st(e), n = On(e);
	} finally {
		K(r);
	}
	return n;
}
function lt(e) {
	var t = ct(e);
	!e.equals(t) && (e.wv = Tn(), (!D?.is_fork || e.deps === null) && (D === null ? e.v = t : (D.capture(e, t, !0), pt?.capture(e, t, !0)), e.deps === null)) ? E(e, _) : V || (O === null ? Ye(e) : (Qt() || D?.is_fork) && O.set(e, t));
}
function ut(e) {
	if (e.effects !== null) for (let t of e.effects) (t.teardown || t.ac) && (t.teardown?.(), t.ac !== null && Ze(() => {
		t.ac.abort(ye), t.ac = null;
	}), t.fn !== null && (t.teardown = h), jn(t, 0), un(t));
}
function dt(e) {
	if (e.effects !== null) for (let t of e.effects) t.teardown && t.fn !== null && Mn(t);
}
// node_modules/svelte/src/internal/client/reactivity/batch.js
var ft = null, D = null, pt = null, O = null, mt = null, ht = !1, gt = !1, _t = null, vt = null, yt = 0, bt = 1, k = class e {
	id = bt++;
	started = !1;
	linked = !0;
	prev = null;
	next = null;
	async_deriveds = /* @__PURE__ */ new Map();
	current = /* @__PURE__ */ new Map();
	previous = /* @__PURE__ */ new Map();
	#e = /* @__PURE__ */ new Set();
	#t = /* @__PURE__ */ new Set();
	#n = 0;
	#r = /* @__PURE__ */ new Map();
	#i = null;
	#a = [];
	#o = [];
	#s = /* @__PURE__ */ new Map();
	#c = /* @__PURE__ */ new Map();
	#l = /* @__PURE__ */ new Set();
	is_fork = !1;
	#u = !1;
	constructor() {
		ft === null ? ft = this : (ft.next = this, this.prev = ft), ft = this;
	}
	#d() {
		if (this.is_fork) return !0;
		for (let e of this.#r.keys()) if (!this.#f(e)) return !0;
		return !1;
	}
	#f(e) {
		for (var t = e; t !== null; t = t.parent) if (this.#c.has(t)) return !0;
		return !1;
	}
	skip_effect(e) {
		this.#c.has(e) || this.#c.set(e, {
			d: [],
			m: []
		}), this.#l.delete(e);
	}
	unskip_effect(e, t = (e) => this.schedule(e)) {
		var n = this.#c.get(e);
		if (n) {
			this.#c.delete(e);
			for (var r of n.d) E(r, v), t(r);
			for (r of n.m) E(r, y), t(r);
		}
		this.#l.add(e);
	}
	#p() {
		var e = [];
		for (let i of this.#a) if (!(i.f & 16384 || !(i.f & 6144))) {
			for (var t = i, n = !1; t.parent !== null;) {
				t = t.parent;
				var r = t.f;
				if (r & 96) {
					if (!(r & 1024)) {
						n = !0;
						break;
					}
					t.f ^= _;
				}
			}
			n || e.push(t);
		}
		return this.#a = [], e;
	}
	#m() {
		this.started = !0;
		for (let [e, t] of this.#s) E(e, t), this.schedule(e);
		this.apply();
		for (var t = _t = [], n = [], r = vt = []; this.#a.length > 0;) {
			yt++ > 1e3 && (this.#b(), St());
			for (let e of this.#p()) try {
				this.#h(e, t, n);
			} catch (t) {
				throw Et(e), this.#d() || this.discard(), t;
			}
		}
		if (D = null, r.length > 0) {
			var i = e.ensure();
			for (let e of r) i.schedule(e);
		}
		if (_t = null, vt = null, this.#d()) {
			this.#y(n), this.#y(t);
			for (let [e, t] of this.#c) Tt(e, t);
			r.length > 0 && D.#m();
			return;
		}
		let a = this.#g();
		if (a) this.#y(n), this.#y(t), a.#v(this);
		else {
			this.#s.clear();
			for (let e of this.#e) e(this);
			this.#e.clear(), pt = this, Ct(n), Ct(t), pt = null, this.#i?.resolve();
			var o = D;
			this.#n === 0 && (this.#a.length === 0 || o !== null) && this.#b(), o !== null && (j.clear(), o.#m());
		}
	}
	#h(e, t, n) {
		e.f ^= _;
		for (var r = e.first; r !== null;) {
			var i = r.f, a = !!(i & 96);
			if (!(a && i & 1024 || i & 8192 || this.#c.has(r)) && r.fn !== null) {
				a ? r.f ^= _ : i & 4 ? t.push(r) : En(r) && (i & 16 && this.add_dirty_reaction(r, y), Mn(r));
				var o = r.first;
				if (o !== null) {
					r = o;
					continue;
				}
			}
			for (; r !== null;) {
				var s = r.next;
				if (s !== null) {
					r = s;
					break;
				}
				r = r.parent;
			}
		}
	}
	#g() {
		for (var e = this.prev; e !== null; e = e.prev) if (!e.is_fork && this.#_(e)) return e;
		return null;
	}
	#_(e) {
		for (let [t, [, n]] of this.current) if (!n && e.current.has(t)) return !0;
		return !1;
	}
	#v(e) {
		for (let [t, n] of e.current) !this.previous.has(t) && e.previous.has(t) && this.previous.set(t, e.previous.get(t)), this.current.set(t, n);
		for (let [t, n] of e.async_deriveds) {
			let e = this.async_deriveds.get(t);
			e && n.promise.then(e.resolve).catch(e.reject);
		}
		e.async_deriveds.clear(), this.transfer_reactions(e.#s);
		let t = (e) => {
			var n = e.reactions;
			if (n !== null && !(e.f & 2 && !(e.f & 6144))) for (let e of n) {
				var r = e.f;
				if (r & 2) t(e);
				else {
					var i = e;
					r & 4194320 && !this.async_deriveds.has(i) && (this.#s.delete(i), E(i, v), this.schedule(i));
				}
			}
		};
		for (let e of this.current.keys()) t(e);
		this.oncommit(() => e.discard()), e.#b(), D = this, this.#m();
	}
	#y(e) {
		for (var t = 0; t < e.length; t += 1) Xe(e[t], this.#s);
	}
	capture(e, n, r = !1) {
		e.v !== t && !this.previous.has(e) && this.previous.set(e, e.v), e.f & 8388608 || (this.current.set(e, [n, r]), O?.set(e, n)), this.is_fork || (e.v = n);
	}
	activate() {
		D = this;
	}
	deactivate() {
		D = null, O = null;
	}
	flush() {
		try {
			gt = !0, D = this, this.#m();
		} finally {
			yt = 0, mt = null, _t = null, vt = null, gt = !1, D = null, O = null, j.clear();
		}
	}
	discard() {
		for (let e of this.#t) e(this);
		this.#t.clear();
		for (let e of this.async_deriveds.values()) e.reject(rt);
		this.#b(), this.#i?.resolve();
	}
	register_created_effect(e) {
		this.#o.push(e);
	}
	increment(e, t) {
		if (this.#n += 1, e) {
			let e = this.#r.get(t) ?? 0;
			this.#r.set(t, e + 1);
		}
	}
	decrement(e, t) {
		if (--this.#n, e) {
			let e = this.#r.get(t) ?? 0;
			e === 1 ? this.#r.delete(t) : this.#r.set(t, e - 1);
		}
		this.#u || (this.#u = !0, T(() => {
			this.#u = !1, this.linked && this.flush();
		}));
	}
	transfer_reactions(e) {
		for (let [t, n] of e) this.add_dirty_reaction(t, n);
		e.clear();
	}
	add_dirty_reaction(e, t) {
		(t === 2048 || this.#s.get(e) !== 2048) && this.#s.set(e, t);
	}
	oncommit(e) {
		this.#e.add(e);
	}
	ondiscard(e) {
		this.#t.add(e);
	}
	settled() {
		return (this.#i ??= ee()).promise;
	}
	static ensure() {
		if (D === null) {
			let t = D = new e();
			!gt && !ht && T(() => {
				t.started || t.flush();
			});
		}
		return D;
	}
	apply() {
		O = null;
	}
	schedule(e) {
		mt = e, e.b?.is_pending && e.f & 16777228 && !(e.f & 32768) ? e.b.defer_effect(e) : this.#a.push(e);
	}
	#b() {
		if (this.linked) {
			var e = this.prev, t = this.next;
			e === null || (e.next = t), t === null ? ft = e : t.prev = e, this.linked = !1;
		}
	}
};
function xt(e) {
	var t = ht, n = pt;
	pt = null, ht = !0;
	try {
		var r;
		for (e && (xt(), r = e());;) {
			if (qe(), D === null) return r;
			D.flush();
		}
	} finally {
		ht = t, pt = n;
	}
}
function St() {
	try {
		Pe();
	} catch (e) {
		L(e, mt);
	}
}
var A = null;
function Ct(e) {
	var t = e.length;
	if (t !== 0) {
		for (var n = 0; n < t;) {
			var r = e[n++];
			if (!(r.f & 24576) && En(r) && (A = /* @__PURE__ */ new Set(), Mn(r), r.deps === null && r.first === null && r.nodes === null && r.teardown === null && r.ac === null && pn(r), A?.size > 0)) {
				j.clear();
				for (let e of A) {
					if (e.f & 24576) continue;
					let t = [e], n = e.parent;
					for (; n !== null;) A.has(n) && (A.delete(n), t.push(n)), n = n.parent;
					for (let e = t.length - 1; e >= 0; e--) {
						let n = t[e];
						n.f & 24576 || Mn(n);
					}
				}
				A.clear();
			}
		}
		A = null;
	}
}
function wt(e) {
	D.schedule(e);
}
function Tt(e, t) {
	if (!(e.f & 32 && e.f & 1024)) {
		e.f & 2048 ? t.d.push(e) : e.f & 4096 && t.m.push(e), E(e, _);
		for (var n = e.first; n !== null;) Tt(n, t), n = n.next;
	}
}
function Et(e) {
	E(e, _);
	for (var t = e.first; t !== null;) Et(t), t = t.next;
}
// node_modules/svelte/src/internal/client/reactivity/sources.js
var Dt = /* @__PURE__ */ new Set(), j = /* @__PURE__ */ new Map(), Ot = !1;
function kt(e, t) {
	return {
		f: 0,
		v: e,
		reactions: null,
		equals: Ae,
		rv: 0,
		wv: 0
	};
}
/*#__NO_SIDE_EFFECTS__*/
function M(e, t) {
	let n = kt(e, t);
	return xn(n), n;
}
/*#__NO_SIDE_EFFECTS__*/
function At(e, t = !1, n = !0) {
	let r = kt(e);
	return t || (r.equals = Me), r;
}
function N(e, t, n = !1) {
	return H !== null && (!U || H.f & 131072) && Ge() && H.f & 4325394 && (q === null || !q.has(e)) && ze(), Mt(e, n ? It(t) : t, vt);
}
var P = null, jt = 0;
function Mt(e, t, n = null) {
	if (!e.equals(t)) {
		V ? j.set(e, t) : j.has(e) || j.set(e, e.v);
		var r = k.ensure();
		if (r.capture(e, t), e.f & 2) {
			let t = e;
			e.f & 2048 && ct(t), O === null && Ye(t);
		}
		e.wv = Tn(), P = null, jt = 0, Ft(e, v, n), P = null, Ge() && G !== null && G.f & 1024 && !(G.f & 96) && (X === null ? Sn([e]) : X.push(e)), !r.is_fork && Dt.size > 0 && !Ot && Nt();
	}
	return t;
}
function Nt() {
	Ot = !1;
	for (let e of Dt) {
		e.f & 1024 && E(e, y);
		let t;
		try {
			t = En(e);
		} catch {
			t = !0;
		}
		t && Mn(e);
	}
	Dt.clear();
}
function Pt(e) {
	N(e, e.v + 1);
}
function Ft(e, t, n) {
	var r = e.reactions;
	if (r !== null) {
		var i = Ge(), a = r.length;
		if (jt += a, jt > 1e5 && P === null && (P = /* @__PURE__ */ new Set()), P !== null) {
			if (P.has(e)) return;
			P.add(e);
		}
		for (var o = 0; o < a; o++) {
			var s = r[o], c = s.f;
			if (i || s !== G) {
				var l = (c & v) === 0;
				if (l && E(s, t), c & 131072) Dt.add(s);
				else if (c & 2) {
					var u = s;
					O?.delete(u), Ft(u, y, n);
				} else if (l) {
					var d = s;
					c & 16 && A !== null && A.add(d), n === null ? wt(d) : n.push(d);
				}
			}
		}
	}
}
function It(e) {
	if (typeof e != "object" || !e || de in e || fe in e) return e;
	let n = p(e);
	if (n !== d && n !== f) return e;
	var i = /* @__PURE__ */ new Map(), a = r(e), o = /* @__PURE__ */ M(0), s = null, c = Q, u = (e) => {
		if (Q === c) return e();
		var t = H, n = Q;
		W(null), wn(c);
		var r = e();
		return W(t), wn(n), r;
	};
	return a && i.set("length", /* @__PURE__ */ M(e.length, s)), new Proxy(e, {
		defineProperty(e, t, n) {
			"value" in n && n.configurable !== !1 && n.enumerable !== !1 && n.writable !== !1 || Le();
			var r = i.get(t);
			return r === void 0 ? u(() => {
				var e = /* @__PURE__ */ M(n.value, s);
				return i.set(t, e), e;
			}) : N(r, n.value, !0), !0;
		},
		deleteProperty(e, n) {
			var r = i.get(n);
			if (r === void 0) {
				if (n in e) {
					let e = u(() => /* @__PURE__ */ M(t, s));
					i.set(n, e), Pt(o);
				}
			} else N(r, t), Pt(o);
			return !0;
		},
		get(n, r, a) {
			if (r === de) return e;
			var o = i.get(r), c = r in n;
			if (o === void 0 && (!c || l(n, r)?.writable) && (o = u(() => /* @__PURE__ */ M(It(c ? n[r] : t), s)), i.set(r, o)), o !== void 0) {
				var d = $(o);
				return d === t ? void 0 : d;
			}
			return Reflect.get(n, r, a);
		},
		getOwnPropertyDescriptor(e, n) {
			this.has?.(e, n);
			var r = Reflect.getOwnPropertyDescriptor(e, n), a = i.get(n);
			if (a !== void 0) {
				var o = $(a);
				if (o === t) return;
				if (r && "value" in r) r.value = o;
				else return {
					enumerable: !0,
					configurable: !0,
					value: o,
					writable: !0
				};
			}
			return r;
		},
		has(e, n) {
			if (n === de) return !0;
			var r = i.get(n), a = r !== void 0 && r.v !== t || Reflect.has(e, n);
			return (r !== void 0 || (G !== null || H !== null) && (!a || l(e, n)?.writable)) && (r === void 0 && (r = u(() => /* @__PURE__ */ M(a ? It(e[n]) : t, s)), i.set(n, r)), $(r) === t) ? !1 : a;
		},
		set(e, n, r, c) {
			var d = i.get(n), f = n in e;
			if (a && n === "length") for (var p = r; p < d.v; p += 1) {
				var m = i.get(p + "");
				m === void 0 ? p in e && (m = u(() => /* @__PURE__ */ M(t, s)), i.set(p + "", m)) : N(m, t);
			}
			if (d === void 0) (!f || l(e, n)?.writable) && (d = u(() => /* @__PURE__ */ M(void 0, s)), N(d, It(r)), i.set(n, d));
			else {
				f = d.v !== t;
				var h = u(() => It(r));
				N(d, h);
			}
			var g = Reflect.getOwnPropertyDescriptor(e, n);
			if (g?.set && g.set.call(c, r), !f) {
				if (a && typeof n == "string") {
					var ee = i.get("length"), _ = Number(n);
					Number.isInteger(_) && _ >= ee.v && N(ee, _ + 1);
				}
				Pt(o);
			}
			return !0;
		},
		ownKeys(e) {
			$(o);
			var n = Reflect.ownKeys(e).filter((e) => {
				var n = i.get(e);
				return n === void 0 || n.v !== t;
			});
			for (var [r, a] of i) a.v !== t && !(r in e) && n.push(r);
			return n;
		},
		setPrototypeOf() {
			Re();
		}
	});
}
var Lt, Rt, zt, Bt;
function Vt() {
	if (Lt === void 0) {
		Lt = window, Rt = /Firefox/.test(navigator.userAgent);
		var e = Element.prototype, t = Node.prototype, n = Text.prototype;
		zt = l(t, "firstChild").get, Bt = l(t, "nextSibling").get, m(e) && (e[ge] = void 0, e[he] = null, e[_e] = void 0, e.__e = void 0), m(n) && (n[ve] = void 0);
	}
}
function F(e = "") {
	return document.createTextNode(e);
}
/*@__NO_SIDE_EFFECTS__*/
function Ht(e) {
	return zt.call(e);
}
/*@__NO_SIDE_EFFECTS__*/
function I(e) {
	return Bt.call(e);
}
function Ut(e, t) {
	if (!b) return /* @__PURE__ */ Ht(e);
	var n = /* @__PURE__ */ Ht(x);
	if (n === null) n = x.appendChild(F());
	else if (t && n.nodeType !== 3) {
		var r = F();
		return n?.before(r), S(r), r;
	}
	return t && Yt(n), S(n), n;
}
function Wt(e, t = !1) {
	if (!b) return /* @__PURE__ */ Ht(e);
	var n = Ut(e, t);
	return Ee(e), n;
}
function Gt(e, t = 1, n = !1) {
	let r = b ? x : e;
	for (var i; t--;) i = r, r = /* @__PURE__ */ I(r);
	if (!b) return r;
	if (n) {
		if (r?.nodeType !== 3) {
			var a = F();
			return r === null ? i?.after(a) : r.before(a), S(a), a;
		}
		Yt(r);
	}
	return S(r), r;
}
function Kt(e) {
	e.textContent = "";
}
function qt() {
	return !1;
}
function Jt(e, t, n) {
	return t == null || t === "http://www.w3.org/1999/xhtml" ? n ? document.createElement(e, { is: n }) : document.createElement(e) : n ? document.createElementNS(t, e, { is: n }) : document.createElementNS(t, e);
}
function Yt(e) {
	if (e.nodeValue.length < 65536) return;
	let t = e.nextSibling;
	for (; t !== null && t.nodeType === 3;) t.remove(), e.nodeValue += t.nodeValue, t = e.nextSibling;
}
function Xt(e) {
	var t = G;
	if (t === null) return H.f |= ue, e;
	if (!(t.f & 32768) && !(t.f & 4)) throw e;
	L(e, t);
}
function L(t, n) {
	if (t === e) throw t;
	if (!(n !== null && n.f & 16384)) {
		for (; n !== null;) {
			if (n.f & 128 && !(n.f & 33570816)) {
				if (!(n.f & 32768)) throw t;
				try {
					n.b.error(t);
					return;
				} catch (e) {
					t = e;
				}
			}
			n = n.parent;
		}
		throw t;
	}
}
// node_modules/svelte/src/internal/client/reactivity/effects.js
function Zt(e, t) {
	var n = t.last;
	n === null ? t.last = t.first = e : (n.next = e, e.prev = n, t.last = e);
}
function R(e, t) {
	var n = G;
	n !== null && n.f & 8192 && (e |= te);
	var r = {
		ctx: C,
		deps: null,
		nodes: null,
		f: e | v | 512,
		first: null,
		fn: t,
		last: null,
		next: null,
		parent: n,
		b: n && n.b,
		prev: null,
		teardown: null,
		wv: 0,
		ac: null
	};
	D?.register_created_effect(r);
	var i = r;
	if (e & 4) _t === null ? k.ensure().schedule(r) : _t.push(r);
	else if (t !== null) {
		try {
			Mn(r);
		} catch (e) {
			throw B(r), e;
		}
		i.deps === null && i.teardown === null && i.nodes === null && i.first === i.last && !(i.f & 524288) && (i = i.first, e & 16 && e & 65536 && i !== null && (i.f |= ae));
	}
	if (i !== null && (i.parent = n, n !== null && Zt(i, n), H !== null && H.f & 2 && !(e & 64))) {
		var a = H;
		(a.effects ??= []).push(i);
	}
	return r;
}
function Qt() {
	return H !== null && !U;
}
function $t(e) {
	let t = R(8, null);
	return E(t, _), t.teardown = e, t;
}
function en(e) {
	return R(4 | se, e);
}
function tn(e) {
	k.ensure();
	let t = R(64 | oe, e);
	return () => {
		B(t);
	};
}
function nn(e) {
	k.ensure();
	let t = R(64 | oe, e);
	return (e = {}) => new Promise((n) => {
		e.outro ? mn(t, () => {
			B(t), n(void 0);
		}) : (B(t), n(void 0));
	});
}
function rn(e) {
	return R(4, e);
}
function an(e) {
	return R(le | oe, e);
}
function on(e, t = 0) {
	return R(8 | t, e);
}
function sn(e, t = [], n = [], r = []) {
	Qe(r, t, n, (t) => {
		R(8, () => {
			e(...t.map($));
		});
	});
}
function cn(e, t = 0) {
	return R(16 | t, e);
}
function z(e) {
	return R(32 | oe, e);
}
function ln(e) {
	var t = e.teardown;
	if (t !== null) {
		let n = V, r = H;
		bn(!0), W(null);
		try {
			t.call(null);
		} catch (t) {
			L(t, e.parent);
		} finally {
			bn(n), W(r);
		}
	}
}
function un(e, t = !1) {
	var n = e.first;
	for (e.first = e.last = null; n !== null;) {
		let e = n.ac;
		e !== null && Ze(() => {
			e.abort(ye);
		});
		var r = n.next;
		n.f & 64 ? n.parent = null : B(n, t), n = r;
	}
}
function dn(e) {
	for (var t = e.first; t !== null;) {
		var n = t.next;
		t.f & 32 || B(t), t = n;
	}
}
function B(e, t = !0) {
	var n = !1;
	(t || e.f & 262144) && e.nodes !== null && e.nodes.end !== null && (fn(e.nodes.start, e.nodes.end), n = !0), e.f |= ie, un(e, t && !n), jn(e, 0);
	var r = e.nodes && e.nodes.t;
	if (r !== null) for (let e of r) e.stop();
	ln(e), e.f ^= ie, e.f |= ne;
	var i = e.parent;
	i !== null && i.first !== null && pn(e), e.next = e.prev = e.teardown = e.ctx = e.deps = e.fn = e.nodes = e.ac = e.b = null;
}
function fn(e, t) {
	for (; e !== null;) {
		var n = e === t ? null : /* @__PURE__ */ I(e);
		e.remove(), e = n;
	}
}
function pn(e) {
	var t = e.parent, n = e.prev, r = e.next;
	n !== null && (n.next = r), r !== null && (r.prev = n), t !== null && (t.first === e && (t.first = r), t.last === e && (t.last = n));
}
function mn(e, t, n = !0) {
	var r = [];
	e.f |= 256, hn(e, r, !0);
	var i = () => {
		n && B(e), t && t();
	}, a = r.length;
	if (a > 0) {
		var o = () => --a || i();
		for (var s of r) s.out(o);
	} else i();
}
function hn(e, t, n) {
	if (!(e.f & 8192)) {
		e.f ^= te;
		var r = e.nodes && e.nodes.t;
		if (r !== null) for (let e of r) (e.is_global || n) && t.push(e);
		for (var i = e.first; i !== null;) {
			var a = i.next;
			if (!(i.f & 64)) {
				var o = !!(i.f & 65536) || !!(i.f & 32) && !!(e.f & 16);
				hn(i, t, o ? n : !1);
			}
			i = a;
		}
	}
}
function gn(e) {
	e.f &= -257, _n(e, !0);
}
function _n(e, t) {
	if (!(e.f & 256) && e.f & 8192) {
		e.f ^= te, e.f & 1024 || (E(e, v), k.ensure().schedule(e));
		for (var n = e.first; n !== null;) {
			var r = n.next, i = !!(n.f & 65536) || !!(n.f & 32);
			_n(n, i ? t : !1), n = r;
		}
		var a = e.nodes && e.nodes.t;
		if (a !== null) for (let e of a) (e.is_global || t) && e.in();
	}
}
function vn(e, t) {
	if (e.nodes) for (var n = e.nodes.start, r = e.nodes.end; n !== null;) {
		var i = n === r ? null : /* @__PURE__ */ I(n);
		t.append(n), n = i;
	}
}
// node_modules/svelte/src/internal/client/legacy.js
var yn = null, V = !1;
function bn(e) {
	V = e;
}
var H = null, U = !1;
function W(e) {
	H = e;
}
var G = null;
function K(e) {
	G = e;
}
var q = null;
function xn(e) {
	H !== null && (H.f & 2097152 || H.f & 2) && (q ??= /* @__PURE__ */ new Set()).add(e);
}
var J = null, Y = 0, X = null;
function Sn(e) {
	X = e;
}
var Cn = 1, Z = 0, Q = Z;
function wn(e) {
	Q = e;
}
function Tn() {
	return ++Cn;
}
function En(e) {
	var t = e.f;
	if (t & 2048) return !0;
	if (t & 4096) {
		for (var n = e.deps, r = n.length, i = 0; i < r; i++) {
			var a = n[i];
			if (En(a) && lt(a), a.wv > e.wv) return !0;
		}
		t & 512 && O === null && E(e, _);
	}
	return !1;
}
function Dn(e, t, n = !0) {
	var r = e.reactions;
	if (r !== null && !(q !== null && q.has(e))) for (var i = 0; i < r.length; i++) {
		var a = r[i];
		a.f & 2 ? Dn(a, t, !1) : t === a && (n ? E(a, v) : a.f & 1024 && E(a, y), wt(a));
	}
}
function On(e) {
	var t = J, n = Y, r = X, i = H, a = q, o = C, s = U, c = Q, l = e.f;
	J = null, Y = 0, X = null, H = l & 96 ? null : e, q = null, Ve(e.ctx), U = !1, Q = ++Z, e.ac !== null && (Ze(() => {
		e.ac.abort(ye);
	}), e.ac = null);
	try {
		e.f |= ce;
		var u = e.fn, d = u();
		e.f |= re;
		var f = kn(e);
		if (Ge() && X !== null && !U && f !== null && !(e.f & 6146)) for (var p = 0; p < X.length; p++) Dn(X[p], e);
		if (i !== null && i !== e) {
			if (Z++, i.deps !== null) for (let e = 0; e < n; e += 1) i.deps[e].rv = Z;
			if (t !== null) for (let e of t) e.rv = Z;
			X !== null && (r === null ? r = X : r.push(...X));
		}
		return e.f & 8388608 && (e.f ^= ue), d;
	} catch (t) {
		return kn(e), Xt(t);
	} finally {
		e.f ^= ce, J = t, Y = n, X = r, H = i, q = a, Ve(o), U = s, Q = c;
	}
}
function kn(e) {
	var t = e.deps, n = D?.is_fork;
	if (J !== null) {
		var r;
		if (n || jn(e, Y), t !== null && Y > 0) for (t.length = Y + J.length, r = 0; r < J.length; r++) t[Y + r] = J[r];
		else e.deps = t = J;
		if (Qt() && e.f & 512) for (r = Y; r < t.length; r++) (t[r].reactions ??= []).push(e);
	} else !n && t !== null && Y < t.length && (jn(e, Y), t.length = Y);
	return t;
}
function An(e, n) {
	let r = n.reactions;
	if (r !== null) {
		var o = i.call(r, e);
		if (o !== -1) {
			var s = r.length - 1;
			s === 0 ? r = n.reactions = null : (r[o] = r[s], r.pop());
		}
	}
	if (r === null && n.f & 2 && (J === null || !a.call(J, n))) {
		var c = n;
		c.f & 512 && (c.f ^= 512), c.v !== t && Ye(c), c.ac !== null && Ze(() => {
			c.ac.abort(ye), c.ac = null, E(c, v);
		}), ut(c), jn(c, 0);
	}
}
function jn(e, t) {
	var n = e.deps;
	if (n !== null) for (var r = t; r < n.length; r++) An(e, n[r]);
}
function Mn(e) {
	var t = e.f;
	if (!(t & 16384)) {
		E(e, _);
		var n = G;
		G = e;
		try {
			t & 16777232 ? dn(e) : un(e), ln(e);
			var r = On(e);
			e.teardown = typeof r == "function" ? r : null, e.wv = Cn;
		} finally {
			G = n;
		}
	}
}
function $(e) {
	var t = !!(e.f & 2);
	if (yn?.add(e), H !== null && !U && !(G !== null && G.f & 16384) && (q === null || !q.has(e))) {
		var n = H.deps;
		if (H.f & 2097152) e.rv < Z && (e.rv = Z, J === null && n !== null && n[Y] === e ? Y++ : J === null ? J = [e] : J.push(e));
		else {
			H.deps ??= [], a.call(H.deps, e) || H.deps.push(e);
			var r = e.reactions;
			r === null ? e.reactions = [H] : a.call(r, H) || r.push(H);
		}
	}
	if (V && j.has(e)) return j.get(e);
	if (t) {
		var i = e;
		if (V) {
			var o = i.v;
			return (!(i.f & 1024) && i.reactions !== null || Pn(i)) && (o = ct(i)), j.set(i, o), o;
		}
		var s = !(i.f & 512) && !U && H !== null && !!(H.f & 512), c = (i.f & re) === 0;
		En(i) && (s && (i.f |= 512), lt(i)), s && !c && (dt(i), Nn(i));
	}
	if (O?.has(e)) return O.get(e);
	if (e.f & 8388608) throw e.v;
	return e.v;
}
function Nn(e) {
	if (e.f |= 512, e.deps !== null) for (let n of e.deps) {
		var t = n.reactions;
		t === null ? n.reactions = [e] : a.call(t, e) || t.push(e), n.f & 2 && !(n.f & 512) && (dt(n), Nn(n));
	}
}
function Pn(e) {
	if (e.v === t) return !0;
	if (e.deps === null) return !1;
	for (let t of e.deps) if (j.has(t) || t.f & 2 && Pn(t)) return !0;
	return !1;
}
function Fn(e) {
	var t = U;
	try {
		return U = !0, e();
	} finally {
		U = t;
	}
}
// node_modules/svelte/src/internal/client/dom/elements/events.js
var In = Symbol("events"), Ln = /* @__PURE__ */ new Set(), Rn = /* @__PURE__ */ new Set(), zn = null, Bn = !1;
function Vn(e) {
	var t = this, n = t.ownerDocument, r = e.type, i = e.composedPath?.() || [], a = i[0] || e.target;
	zn = e, Bn || (Bn = !0, setTimeout(() => {
		Bn = !1, zn = null;
	}));
	var o = 0, s = zn === e && e[In];
	if (s) {
		var l = i.indexOf(s);
		if (l !== -1 && (t === document || t === window)) {
			e[In] = t;
			return;
		}
		var u = i.indexOf(t);
		if (u === -1) return;
		l <= u && (o = l);
	}
	if (a = i[o] || e.target, a !== t) {
		c(e, "currentTarget", {
			configurable: !0,
			get() {
				return a || n;
			}
		});
		var d = H, f = G;
		W(null), K(null);
		try {
			for (var p, m = []; a !== null && a !== t;) {
				try {
					var h = a[In]?.[r];
					h == null || a.disabled && e.target !== a || h.call(a, e);
				} catch (e) {
					p ? m.push(e) : p = e;
				}
				if (e.cancelBubble) break;
				o++, a = o < i.length ? i[o] : null;
			}
			if (p) {
				for (let e of m) queueMicrotask(() => {
					throw e;
				});
				throw p;
			}
		} finally {
			e[In] = t, delete e.currentTarget, W(d), K(f);
		}
	}
}
// node_modules/svelte/src/internal/client/dom/reconciler.js
var Hn = globalThis?.window?.trustedTypes && /* @__PURE__ */ globalThis.window.trustedTypes.createPolicy("svelte-trusted-html", { createHTML: (e) => e });
function Un(e) {
	return Hn?.createHTML(e) ?? e;
}
function Wn(e) {
	var t = Jt("template");
	return t.innerHTML = Un(e.replaceAll("<!>", "<!---->")), t.content;
}
// node_modules/svelte/src/internal/client/dom/template.js
function Gn(e, t) {
	var n = G;
	n.nodes === null && (n.nodes = {
		start: e,
		end: t,
		a: null,
		t: null
	});
}
/*#__NO_SIDE_EFFECTS__*/
function Kn(e, t) {
	var n = !!(t & 1), r = !!(t & 2), i, a = !e.startsWith("<!>");
	return () => {
		if (b) return Gn(x, null), x;
		i === void 0 && (i = Wn(a ? e : "<!>" + e), n || (i = /* @__PURE__ */ Ht(i)));
		var t = r || Rt ? document.importNode(i, !0) : i.cloneNode(!0);
		if (n) {
			var o = /* @__PURE__ */ Ht(t), s = t.lastChild;
			Gn(o, s);
		} else Gn(t, t);
		return t;
	};
}
function qn(e, t) {
	if (b) {
		var n = G;
		n.f & 32768 && n.nodes.end !== null || (n.nodes.end = x), Te();
	} else e !== null && e.before(t);
}
[.../* @__PURE__ */ "allowfullscreen.async.autofocus.autoplay.checked.controls.default.disabled.formnovalidate.indeterminate.inert.ismap.loop.multiple.muted.nomodule.novalidate.open.playsinline.readonly.required.reversed.seamless.selected.webkitdirectory.defer.disablepictureinpicture.disableremoteplayback".split(".")];
var Jn = ["touchstart", "touchmove"];
function Yn(e) {
	return Jn.includes(e);
}
// node_modules/svelte/src/reactivity/create-subscriber.js
function Xn(e) {
	let t = 0, n = kt(0), r;
	return () => {
		Qt() && ($(n), on(() => (t === 0 && (r = Fn(() => e(() => Pt(n)))), t += 1, () => {
			T(() => {
				--t, t === 0 && (r?.(), r = void 0, Pt(n));
			});
		})));
	};
}
// node_modules/svelte/src/internal/client/dom/blocks/boundary.js
var Zn = ae | oe;
function Qn(e, t, n, r) {
	new $n(e, t, n, r);
}
var $n = class {
	parent;
	is_pending = !1;
	transform_error;
	#e;
	#t = b ? x : null;
	#n;
	#r;
	#i;
	#a = null;
	#o = null;
	#s = null;
	#c = null;
	#l = 0;
	#u = 0;
	#d = !1;
	#f = /* @__PURE__ */ new Map();
	#p = null;
	#m = Xn(() => (this.#p = kt(this.#l), () => {
		this.#p = null;
	}));
	constructor(e, t, n, r) {
		this.#e = e, this.#n = t, this.#r = (e) => {
			var t = G;
			t.b = this, t.f |= 128, n(e);
		}, this.parent = G.b, this.transform_error = r ?? this.parent?.transform_error ?? ((e) => e), this.#i = cn(() => {
			if (b) {
				let e = ke(this.#t);
				Te();
				let t = e === "[!";
				if (e.startsWith("[?")) {
					let t = JSON.parse(e.slice(2));
					this.#g(t);
				} else t ? this.#y() : this.#h();
			} else this.#b();
		}, Zn), b && (this.#e = x);
	}
	#h() {
		try {
			this.#a = z(() => this.#r(this.#e));
		} catch (e) {
			this.error(e);
		}
	}
	#g(e) {
		let t = this.#n.failed, { reset: n, invoke_onerror: r } = this.#_(e);
		T(r), t && (this.#s = z(() => {
			t(this.#e, () => e, () => n);
		}));
	}
	#_(e) {
		var t = !1, n = !1;
		let r = () => {
			this.#v() || (t ? Ce() : (t = !0, n && Be(), this.#s !== null && mn(this.#s, () => {
				this.#s = null;
			}), this.#S(() => {
				this.#b();
			})));
		};
		return {
			reset: r,
			invoke_onerror: () => {
				if (!this.#v()) try {
					n = !0, this.#n.onerror?.(e, r), n = !1;
				} catch (e) {
					L(e, this.#i && this.#i.parent);
				}
			}
		};
	}
	#v() {
		return (this.#i.f & (ne | ie)) !== 0;
	}
	#y() {
		let e = this.#n.pending;
		e && (this.is_pending = !0, this.#o = z(() => e(this.#e)), T(() => {
			if (!this.#v()) {
				var e = this.#c = document.createDocumentFragment(), t = F(), n = !1;
				e.append(t), this.#a = this.#S(() => {
					try {
						return z(() => this.#r(t));
					} catch (e) {
						try {
							this.error(e), n = !0;
						} catch (e) {
							L(e, this.#i.parent);
						}
						return null;
					}
				}), this.#a === null ? (this.#c = null, n && this.#x(D)) : this.#u === 0 && (this.#e.before(e), this.#c = null, mn(this.#o, () => {
					this.#o = null;
				}), this.#x(D));
			}
		}));
	}
	#b() {
		try {
			if (this.is_pending = this.has_pending_snippet(), this.#u = 0, this.#l = 0, this.#a = z(() => {
				this.#r(this.#e);
			}), this.#u > 0) {
				var e = this.#c = document.createDocumentFragment();
				vn(this.#a, e);
				let t = this.#n.pending;
				this.#o = z(() => t(this.#e));
			} else this.#x(D);
		} catch (e) {
			this.error(e);
		}
	}
	#x(e) {
		this.is_pending = !1, e.transfer_reactions(this.#f);
	}
	defer_effect(e) {
		Xe(e, this.#f);
	}
	is_rendered() {
		return !this.is_pending && (!this.parent || this.parent.is_rendered());
	}
	has_pending_snippet() {
		return !!this.#n.pending;
	}
	#S(e) {
		var t = G, n = H, r = C;
		K(this.#i), W(this.#i), Ve(this.#i.ctx);
		try {
			return k.ensure(), e();
		} finally {
			K(t), W(n), Ve(r);
		}
	}
	#C(e, t) {
		this.has_pending_snippet() ? (this.#u += e, this.#u === 0 && (this.#x(t), this.#o && mn(this.#o, () => {
			this.#o = null;
		}), this.#c &&= (this.#e.before(this.#c), null))) : this.parent && this.parent.#C(e, t);
	}
	update_pending_count(e, t) {
		this.#C(e, t), this.#l += e, !this.#p || this.#d || (this.#d = !0, T(() => {
			this.#d = !1, this.#p && Mt(this.#p, this.#l);
		}));
	}
	get_effect_pending() {
		return this.#m(), $(this.#p);
	}
	error(t) {
		if (t === e || !this.#n.onerror && !this.#n.failed) throw t;
		D?.is_fork ? (this.#a && D.skip_effect(this.#a), this.#o && D.skip_effect(this.#o), this.#s && D.skip_effect(this.#s), D.oncommit(() => {
			this.#v() || this.#w(t);
		})) : this.#w(t);
	}
	#w(e) {
		this.#a &&= (B(this.#a), null), this.#o &&= (B(this.#o), null), this.#s &&= (B(this.#s), null), b && (S(this.#t), De(), S(Oe()));
		let t = this.#n.failed, n = (e) => {
			if (this.#v()) return;
			let { reset: n, invoke_onerror: r } = this.#_(e);
			r(), t && !this.#v() && (this.#s = this.#S(() => {
				try {
					return z(() => {
						var r = G;
						r.b = this, r.f |= 128, t(this.#e, () => e, () => n);
					});
				} catch (e) {
					return L(e, this.#i.parent), null;
				}
			}));
		};
		T(() => {
			if (!this.#v()) {
				var t;
				try {
					t = this.transform_error(e);
				} catch (e) {
					L(e, this.#i && this.#i.parent);
					return;
				}
				typeof t == "object" && t && typeof t.then == "function" ? t.then(n, (e) => L(e, this.#i && this.#i.parent)) : n(t);
			}
		});
	}
};
function er(e, t) {
	var n = t == null ? "" : typeof t == "object" ? `${t}` : t;
	n !== (e[ve] ??= e.nodeValue) && (e[ve] = n, e.nodeValue = `${n}`);
}
function tr(e, t) {
	return ir(e, t);
}
function nr(t, n) {
	Vt(), n.intro = n.intro ?? !1;
	let r = n.target, i = b, a = x;
	try {
		for (var o = /* @__PURE__ */ Ht(r); o && (o.nodeType !== 8 || o.data !== "[");) o = /* @__PURE__ */ I(o);
		if (!o) throw e;
		we(!0), S(o);
		let i = ir(t, {
			...n,
			anchor: o
		});
		return we(!1), i;
	} catch (i) {
		if (i instanceof Error && i.message.split("\n").some((e) => e.startsWith("https://svelte.dev/e/"))) throw i;
		return i !== e && console.warn("Failed to hydrate: ", i), n.recover === !1 && Fe(), Vt(), Kt(r), we(!1), tr(t, n);
	} finally {
		we(i), S(a);
	}
}
var rr = /* @__PURE__ */ new Map();
function ir(t, { target: n, anchor: r, props: i = {}, events: a, context: s, intro: c = !0, transformError: l }) {
	Vt();
	var u = void 0, d = nn(() => {
		var c = r ?? n.appendChild(F());
		Qn(c, { pending: () => {} }, (n) => {
			He({});
			var r = C;
			if (s && (r.c = s), a && (i.$$events = a), b && Gn(n, null), u = t(n, i) || We(), b && (G.nodes.end = x, x === null || x.nodeType !== 8 || x.data !== "]")) throw Se(), e;
			Ue();
		}, l);
		var d = /* @__PURE__ */ new Set(), f = (e) => {
			for (var t = 0; t < e.length; t++) {
				var r = e[t];
				if (!d.has(r)) {
					d.add(r);
					var i = Yn(r);
					for (let e of [n, document]) {
						var a = rr.get(e);
						a === void 0 && (a = /* @__PURE__ */ new Map(), rr.set(e, a));
						var o = a.get(r);
						o === void 0 ? (e.addEventListener(r, Vn, { passive: i }), a.set(r, 1)) : a.set(r, o + 1);
					}
				}
			}
		};
		return f(o(Ln)), Rn.add(f), () => {
			for (var e of d) for (let r of [n, document]) {
				var t = rr.get(r), i = t.get(e);
				--i == 0 ? (r.removeEventListener(e, Vn), t.delete(e), t.size === 0 && rr.delete(r)) : t.set(e, i);
			}
			Rn.delete(f), c !== r && c.parentNode?.removeChild(c);
		};
	});
	return ar.set(u, d), u;
}
var ar = /* @__PURE__ */ new WeakMap();
function or(e, t) {
	let n = ar.get(e);
	return n ? (ar.delete(e), n(t)) : Promise.resolve();
}
// node_modules/svelte/src/internal/client/dom/blocks/branches.js
var sr = class {
	anchor;
	#e = /* @__PURE__ */ new Map();
	#t = /* @__PURE__ */ new Map();
	#n = /* @__PURE__ */ new Map();
	#r = /* @__PURE__ */ new Set();
	#i = !0;
	constructor(e, t = !0) {
		this.anchor = e, this.#i = t;
	}
	#a = (e) => {
		if (this.#e.has(e)) {
			var t = this.#e.get(e), n = this.#t.get(t);
			if (n) gn(n), this.#r.delete(t);
			else {
				var r = this.#n.get(t);
				r && (gn(r.effect), this.#t.set(t, r.effect), this.#n.delete(t), r.fragment.lastChild.remove(), this.anchor.before(r.fragment), n = r.effect);
			}
			for (let [t, n] of this.#e) {
				if (this.#e.delete(t), t === e) break;
				let r = this.#n.get(n);
				r && (B(r.effect), this.#n.delete(n));
			}
			for (let [e, r] of this.#t) {
				if (e === t || this.#r.has(e)) continue;
				let i = () => {
					if (Array.from(this.#e.values()).includes(e)) {
						var t = document.createDocumentFragment();
						vn(r, t), t.append(F()), this.#n.set(e, {
							effect: r,
							fragment: t
						});
					} else B(r);
					this.#r.delete(e), this.#t.delete(e);
				};
				this.#i || !n ? (this.#r.add(e), mn(r, i, !1)) : i();
			}
		}
	};
	#o = (e) => {
		this.#e.delete(e);
		let t = Array.from(this.#e.values());
		for (let [e, n] of this.#n) t.includes(e) || (B(n.effect), this.#n.delete(e));
	};
	ensure(e, t) {
		var n = D, r = qt();
		if (t && !this.#t.has(e) && !this.#n.has(e)) {
			if (r) {
				var i = document.createDocumentFragment(), a = F();
				i.append(a), this.#n.set(e, {
					effect: z(() => t(a)),
					fragment: i
				});
			} else this.#t.set(e, z(() => t(this.anchor)));
		}
		if (this.#e.set(n, e), r) {
			for (let [t, r] of this.#t) t === e ? n.unskip_effect(r) : n.skip_effect(r);
			for (let [t, r] of this.#n) t === e ? n.unskip_effect(r.effect) : n.skip_effect(r.effect);
			n.oncommit(this.#a), n.ondiscard(this.#o);
		} else b && (this.anchor = x), this.#a(n);
	}
};
// node_modules/svelte/src/internal/client/dom/blocks/if.js
function cr(e, t, n = !1) {
	var r;
	b && (r = x, Te());
	var i = new sr(e), a = n ? ae : 0;
	function o(e, t) {
		if (b) {
			var n = ke(r);
			if (e !== parseInt(n.substring(1))) {
				var a = Oe();
				S(a), i.anchor = a, we(!1), i.ensure(e, t), we(!0);
				return;
			}
		}
		i.ensure(e, t);
	}
	cn(() => {
		var e = !1;
		t((t, n = 0) => {
			e = !0, o(n, t);
		}), e || o(-1, null);
	}, a);
}
// node_modules/svelte/src/internal/client/dom/css.js
function lr(e, t) {
	rn(() => {
		e = G?.parent?.nodes?.start ?? e;
		var n = e.getRootNode(), r = n.host ? n : n.head ?? n.ownerDocument.head;
		if (!r.querySelector("#" + t.hash)) {
			let e = Jt("style");
			e.id = t.hash, e.textContent = t.code, r.appendChild(e);
		}
	});
}
// node_modules/svelte/src/internal/shared/attributes.js
var ur = [..." 	\n\r\f\xA0\v﻿"];
function dr(e, t, n) {
	var r = e == null ? "" : "" + e;
	if (t && (r = r ? r + " " + t : t), n) {
		for (var i of Object.keys(n)) if (n[i]) r = r ? r + " " + i : i;
		else if (r.length) for (var a = i.length, o = 0; (o = r.indexOf(i, o)) >= 0;) {
			var s = o + a;
			(o === 0 || ur.includes(r[o - 1])) && (s === r.length || ur.includes(r[s])) ? r = (o === 0 ? "" : r.substring(0, o)) + r.substring(s + 1) : o = s;
		}
	}
	return r === "" ? null : r;
}
// node_modules/svelte/src/internal/client/dom/elements/class.js
function fr(e, t, n, r, i, a) {
	var o = e[ge];
	if (b || o !== n || o === void 0) {
		var s = dr(n, r, a);
		b && s === e.getAttribute("class") || (s == null ? e.removeAttribute("class") : t ? e.className = s : e.setAttribute("class", s)), e[ge] = n;
	} else if (a && i !== a) for (var c in a) {
		var l = !!a[c];
		(i == null || l !== !!i[c]) && e.classList.toggle(c, l);
	}
	return a;
}
// node_modules/svelte/src/internal/client/dom/elements/attributes.js
var pr = Symbol("is custom element"), mr = Symbol("is html"), hr = be ? "link" : "LINK";
function gr(e, t, n, r) {
	var i = _r(e);
	if (!(b && (i[t] = e.getAttribute(t), t === "src" || t === "srcset" || t === "href" && e.nodeName === hr))) {
		var a = i[t];
		a !== (i[t] = n) && (t === "loading" && (e[me] = n), n == null ? e.removeAttribute(t) : typeof n != "string" && yr(e).has(t) ? e[t] = n : (!b || typeof n != "number" && typeof n != "boolean" || a !== String(n)) && e.setAttribute(t, n));
	}
}
function _r(e) {
	return e[he] ??= {
		[pr]: e.nodeName.includes("-"),
		[mr]: e.namespaceURI === n
	};
}
var vr = /* @__PURE__ */ new Map();
function yr(e) {
	var t = e.getAttribute("is") || e.nodeName, n = vr.get(t);
	if (n) return n;
	vr.set(t, n = /* @__PURE__ */ new Set());
	for (var r, i = e, a = Element.prototype; a !== i;) {
		for (var o in r = u(i), r) r[o].set && o !== "innerHTML" && o !== "textContent" && o !== "innerText" && n.add(o);
		i = p(i);
	}
	return n;
}
// node_modules/svelte/src/internal/client/reactivity/store.js
var br = !1;
function xr(e) {
	var t = br;
	try {
		return br = !1, [e(), br];
	} finally {
		br = t;
	}
}
// node_modules/svelte/src/internal/client/reactivity/props.js
function Sr(e, t, n, r) {
	var i = !0, a = !!(n & 8), o = !!(n & 16), s = r, c = !0, u = void 0, d = () => o && i ? (u ??= /* @__PURE__ */ nt(r), $(u)) : (c && (c = !1, s = o ? Fn(r) : r), s);
	let f;
	if (a) {
		var p = de in e || pe in e;
		f = l(e, t)?.set ?? (p && t in e ? (n) => e[t] = n : void 0);
	}
	var m, h = !1;
	a ? [m, h] = xr(() => e[t]) : m = e[t], m === void 0 && r !== void 0 && (m = d(), f && (i && Ie(t), f(m)));
	var g = i ? () => {
		var n = e[t];
		return n === void 0 ? d() : (c = !0, n);
	} : () => {
		var n = e[t];
		return n !== void 0 && (s = void 0), n === void 0 ? s : n;
	};
	if (i && !(n & 4)) return g;
	if (f) {
		var ee = e.$$legacy;
		return (function(e, t) {
			return arguments.length > 0 ? ((!i || !t || ee || h) && f(t ? g() : e), e) : g();
		});
	}
	var _ = !1, v = (n & 1 ? nt : ot)(() => (_ = !1, g()));
	a && $(v);
	var y = G;
	return (function(e, t) {
		if (arguments.length > 0) {
			let n = t ? $(v) : i && a ? It(e) : e;
			return N(v, n), _ = !0, s !== void 0 && (s = n), e;
		}
		return V && _ || y.f & 16384 ? v.v : $(v);
	});
}
// node_modules/svelte/src/legacy/legacy-client.js
function Cr(e) {
	return new wr(e);
}
var wr = class {
	#e;
	#t;
	constructor(e) {
		var t = /* @__PURE__ */ new Map(), n = (e, n) => {
			var r = /* @__PURE__ */ At(n, !1, !1);
			return t.set(e, r), r;
		};
		let r = new Proxy({
			...e.props || {},
			$$events: {}
		}, {
			get(e, r) {
				return $(t.get(r) ?? n(r, Reflect.get(e, r)));
			},
			has(e, r) {
				return r === pe || ($(t.get(r) ?? n(r, Reflect.get(e, r))), Reflect.has(e, r));
			},
			set(e, r, i) {
				return N(t.get(r) ?? n(r, i), i), Reflect.set(e, r, i);
			}
		});
		this.#t = (e.hydrate ? nr : tr)(e.component, {
			target: e.target,
			anchor: e.anchor,
			props: r,
			context: e.context,
			intro: e.intro ?? !1,
			recover: e.recover,
			transformError: e.transformError
		}), e?.props?.$$host && e.sync !== !1 || xt(), this.#e = r.$$events;
		for (let e of Object.keys(this.#t)) e !== "$set" && e !== "$destroy" && e !== "$on" && c(this, e, {
			get() {
				return this.#t[e];
			},
			set(t) {
				this.#t[e] = t;
			},
			enumerable: !0
		});
		this.#t.$set = (e) => {
			Object.assign(r, e);
		}, this.#t.$destroy = () => {
			or(this.#t);
		};
	}
	$set(e) {
		this.#t.$set(e);
	}
	$on(e, t) {
		this.#e[e] = this.#e[e] || [];
		let n = (...e) => t.call(this, ...e);
		return this.#e[e].push(n), () => {
			this.#e[e] = this.#e[e].filter((e) => e !== n);
		};
	}
	$destroy() {
		this.#t.$destroy();
	}
}, Tr;
typeof HTMLElement == "function" && (Tr = class extends HTMLElement {
	$$ctor;
	$$s;
	$$c;
	$$cn = !1;
	$$d = {};
	$$r = !1;
	$$p_d = {};
	$$l = {};
	$$l_u = /* @__PURE__ */ new Map();
	$$me;
	$$shadowRoot = null;
	constructor(e, t, n) {
		super(), this.$$ctor = e, this.$$s = t, n && (this.$$shadowRoot = this.attachShadow(n));
	}
	addEventListener(e, t, n) {
		if (this.$$l[e] = this.$$l[e] || [], this.$$l[e].push(t), this.$$c) {
			let n = this.$$c.$on(e, t);
			this.$$l_u.set(t, n);
		}
		super.addEventListener(e, t, n);
	}
	removeEventListener(e, t, n) {
		if (super.removeEventListener(e, t, n), this.$$c) {
			let e = this.$$l_u.get(t);
			e && (e(), this.$$l_u.delete(t));
		}
	}
	async connectedCallback() {
		if (this.$$cn = !0, !this.$$c) {
			if (await Promise.resolve(), !this.$$cn || this.$$c) return;
			function e(e) {
				return (t) => {
					let n = Jt("slot");
					e !== "default" && (n.name = e), qn(t, n);
				};
			}
			let t = {}, n = Dr(this);
			for (let r of this.$$s) r in n && (r === "default" && !this.$$d.children ? (this.$$d.children = e(r), t.default = !0) : t[r] = e(r));
			for (let e of this.attributes) {
				let t = this.$$g_p(e.name);
				t in this.$$d || (this.$$d[t] = Er(t, e.value, this.$$p_d, "toProp"));
			}
			for (let e in this.$$p_d) !(e in this.$$d) && this[e] !== void 0 && (this.$$d[e] = this[e], delete this[e]);
			this.$$c = Cr({
				component: this.$$ctor,
				target: this.$$shadowRoot || this,
				props: {
					...this.$$d,
					$$slots: t,
					$$host: this
				}
			}), this.$$me = tn(() => {
				on(() => {
					this.$$r = !0;
					for (let e of s(this.$$c)) {
						if (!this.$$p_d[e]?.reflect) continue;
						this.$$d[e] = this.$$c[e];
						let t = Er(e, this.$$d[e], this.$$p_d, "toAttribute");
						t == null ? this.removeAttribute(this.$$p_d[e].attribute || e) : this.setAttribute(this.$$p_d[e].attribute || e, t);
					}
					this.$$r = !1;
				});
			});
			for (let e in this.$$l) for (let t of this.$$l[e]) {
				let n = this.$$c.$on(e, t);
				this.$$l_u.set(t, n);
			}
			this.$$l = {};
		}
	}
	attributeChangedCallback(e, t, n) {
		this.$$r || (e = this.$$g_p(e), this.$$d[e] = Er(e, n, this.$$p_d, "toProp"), this.$$c?.$set({ [e]: this.$$d[e] }));
	}
	disconnectedCallback() {
		this.$$cn = !1, Promise.resolve().then(() => {
			!this.$$cn && this.$$c && (this.$$c.$destroy(), this.$$me(), this.$$c = void 0);
		});
	}
	$$g_p(e) {
		return s(this.$$p_d).find((t) => this.$$p_d[t].attribute === e || !this.$$p_d[t].attribute && t.toLowerCase() === e) || e;
	}
});
function Er(e, t, n, r) {
	let i = n[e]?.type;
	if (t = i === "Boolean" && typeof t != "boolean" ? t != null : t, !r || !n[e]) return t;
	if (r === "toAttribute") switch (i) {
		case "Object":
		case "Array": return t == null ? null : JSON.stringify(t);
		case "Boolean": return t ? "" : null;
		case "Number": return t ?? null;
		default: return t;
	}
	else switch (i) {
		case "Object":
		case "Array": return t && JSON.parse(t);
		case "Boolean": return t;
		case "Number": return t == null ? t : +t;
		default: return t;
	}
}
function Dr(e) {
	let t = {};
	return e.childNodes.forEach((e) => {
		t[e.slot || "default"] = !0;
	}), t;
}
function Or(e, t, n, r, i, a) {
	let o = class extends Tr {
		constructor() {
			super(e, n, i), this.$$p_d = t;
		}
		static get observedAttributes() {
			return s(t).map((e) => (t[e].attribute || e).toLowerCase());
		}
	};
	return s(t).forEach((e) => {
		c(o.prototype, e, {
			get() {
				return this.$$c && e in this.$$c ? this.$$c[e] : this.$$d[e];
			},
			set(n) {
				n = Er(e, n, t), this.$$d[e] = n;
				var r = this.$$c;
				r && (l(r, e)?.get ? r[e] = n : r.$set({ [e]: n }));
			}
		});
	}), r.forEach((e) => {
		c(o.prototype, e, { get() {
			return this.$$c?.[e];
		} });
	}), a && (o = a(o)), e.element = o, o;
}
// examples/pages/src/date-time-time/Time.svelte
var kr = /* @__PURE__ */ Kn("<small class=\"svelte-tiljei\"> </small>"), Ar = /* @__PURE__ */ Kn("<p class=\"clock svelte-tiljei\"><span> </span><span class=\"colon svelte-tiljei\">:</span><span class=\"minutes svelte-tiljei\"> </span><!></p>"), jr = /* @__PURE__ */ Kn("<p class=\"clock svelte-tiljei\"> </p>"), Mr = /* @__PURE__ */ Kn("<p class=\"date svelte-tiljei\"> </p>"), Nr = /* @__PURE__ */ Kn("<section><!> <!></section>"), Pr = {
	hash: "svelte-tiljei",
	code: ".page.svelte-tiljei {--bg: #0b0d10;--fg: #f3f4f6;--accent: #ff5c64;--muted: #aeb6c2;display:grid;place-content:center;gap:2cqh;height:100%;box-sizing:border-box;container-type:size;background:radial-gradient(circle at 50% 40%, color-mix(in srgb, var(--accent) 18%, var(--bg)), var(--bg) 70%);color:var(--fg);font-family:system-ui, sans-serif;text-align:center;}.light.svelte-tiljei {--bg: #f3f4f6;--fg: #111418;--accent: #c8102e;--muted: #4b5563;}p.svelte-tiljei {margin:0;}.clock.svelte-tiljei {font-size:min(48cqh, 27cqw);font-weight:800;line-height:1;font-variant-numeric:tabular-nums;letter-spacing:-0.02em;}.colon.svelte-tiljei {opacity:0.6;}.minutes.svelte-tiljei {color:var(--accent);}small.svelte-tiljei {margin-left:0.15em;font-size:0.3em;font-weight:700;}.date.svelte-tiljei {font-size:max(16px, min(8cqh, 6cqw));font-weight:600;color:var(--muted);}"
};
function Fr(e, t) {
	He(t, !0), lr(e, Pr);
	let n = Sr(t, "data", 23, () => ({})), r = Sr(t, "page", 7, ""), i = Sr(t, "lang", 7, "en"), a = Sr(t, "theme", 7, "dark"), o = {
		en: "Time",
		pt: "Hora",
		de: "Uhrzeit"
	}, s = /* @__PURE__ */ at(() => o[i().slice(0, 2)] ?? o.en), c = /* @__PURE__ */ at(() => typeof n().time_string == "string" ? n().time_string.trim() : ""), l = /* @__PURE__ */ at(() => /^(\d{1,2})[:.](\d{2})\s*(.*)$/.exec($(c))), u = /* @__PURE__ */ at(() => typeof n().date_string == "string" ? n().date_string : "");
	var d = {
		get data() {
			return n();
		},
		set data(e = {}) {
			n(e), xt();
		},
		get page() {
			return r();
		},
		set page(e = "") {
			r(e), xt();
		},
		get lang() {
			return i();
		},
		set lang(e = "en") {
			i(e), xt();
		},
		get theme() {
			return a();
		},
		set theme(e = "dark") {
			a(e), xt();
		}
	}, f = Nr();
	let p;
	var m = Ut(f), h = (e) => {
		var t = Ar(), n = Ut(t), r = Wt(n, !0), i = Gt(n, 2), a = Wt(i, !0), o = Gt(i), s = (e) => {
			var t = kr(), n = Wt(t, !0);
			sn(() => er(n, $(l)[3])), qn(e, t);
		};
		cr(o, (e) => {
			$(l)[3] && e(s);
		}), Ee(t), sn(() => {
			er(r, $(l)[1]), er(a, $(l)[2]);
		}), qn(e, t);
	}, g = (e) => {
		var t = jr(), n = Wt(t, !0);
		sn(() => er(n, $(c) || "--:--")), qn(e, t);
	};
	cr(m, (e) => {
		$(l) ? e(h) : e(g, -1);
	});
	var ee = Gt(m, 2), _ = (e) => {
		var t = Mr(), n = Wt(t, !0);
		sn(() => er(n, $(u))), qn(e, t);
	};
	return cr(ee, (e) => {
		$(u) && e(_);
	}), Ee(f), sn(() => {
		p = fr(f, 1, "page svelte-tiljei", null, p, { light: a() === "light" }), gr(f, "aria-label", $(s)), gr(f, "data-page", r()), gr(f, "lang", i());
	}), qn(e, f), Ue(d);
}
Or(Fr, {
	data: {},
	page: {},
	lang: {},
	theme: {}
}, [], [], { mode: "open" });
// examples/pages/src/date-time-time/index.js
var Ir = Fr.element;
export { Ir as default };
