/** Page → component. Page identity rules live in `templateFor` ($lib/protocol); this only picks. */
import type { Component } from 'svelte';
import { templateFor, type PageRef, type TemplateName } from '$lib/protocol';
import AnimatedImageFrame from './AnimatedImageFrame.svelte';
import Face from './Face.svelte';
import HtmlFrame from './HtmlFrame.svelte';
import ImageFrame from './ImageFrame.svelte';
import InputBox from './InputBox.svelte';
import Loading from './Loading.svelte';
import Status from './Status.svelte';
import TextFrame from './TextFrame.svelte';
import UnknownPage from './UnknownPage.svelte';
import UrlFrame from './UrlFrame.svelte';
import type { TemplateProps } from './types';

export const TEMPLATES: Readonly<Record<TemplateName, Component<TemplateProps>>> = {
	SYSTEM_TextFrame: TextFrame,
	SYSTEM_ImageFrame: ImageFrame,
	SYSTEM_AnimatedImageFrame: AnimatedImageFrame,
	SYSTEM_HtmlFrame: HtmlFrame,
	SYSTEM_UrlFrame: UrlFrame,
	SYSTEM_Loading: Loading,
	SYSTEM_Status: Status,
	SYSTEM_Face: Face,
	SYSTEM_InputBox: InputBox
};

export { UnknownPage };

/** The component for a page: its template, or the fallback that still shows what is known. */
export function componentFor(page: PageRef): Component<TemplateProps> {
	const name = templateFor(page);
	return name ? TEMPLATES[name] : UnknownPage;
}

/** Built-in templates fill the width; skill pages may sit side by side on wide screens (spec §4.3). */
export function fillsWidth(page: PageRef): boolean {
	return templateFor(page) !== null;
}
