/**
 * The simulated device's skills and plugins, in intent-matching and load order. The homescreen, weather,
 * date-time, alerts and OCP send what the real ones send, as do wolfie, color-picker, parrot,
 * local-media, xkcd and a notes skill (extras.ts); the others show SYSTEM templates. The homescreen
 * loads after the skills it asks for data (weather, examples, apps).
 */
import type { SkillDefinition } from '../workshop';
import { alerts } from './alerts';
import { dateTime } from './date-time';
import { colorPicker, localMedia, notes, parrot, wolfie, xkcd } from './extras';
import { homescreen } from './homescreen';
import { greeting, htmlCard, photo, systemCheck, webPage } from './media';
import { music } from './music';
import { ocp } from './ocp';
import { phal } from './phal';
import { tour } from './tour';
import { volume } from './volume';
import { weather } from './weather';

// local-media before the web page skill: "open the file browser" is its, not a web browser's.
export const DEMO_SKILLS: readonly SkillDefinition[] = [weather, dateTime, alerts, ocp, music, photo, localMedia, webPage, htmlCard, systemCheck, tour, volume, greeting, wolfie, colorPicker, parrot, xkcd, notes, homescreen, phal];
