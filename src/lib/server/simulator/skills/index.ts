/** The demo skills, in intent-matching order (the timer with a duration before the one that asks). */
import type { SkillDefinition } from '../workshop';
import { greeting, htmlCard, photo, systemCheck, webPage } from './media';
import { timer } from './timer';
import { tour } from './tour';
import { weather } from './weather';

export const DEMO_SKILLS: readonly SkillDefinition[] = [weather, timer, photo, webPage, htmlCard, systemCheck, tour, greeting];
