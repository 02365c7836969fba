import type { SessionTexts } from '../../model/session.ts';

/** The session countdown in Polish (spec 2.6, 8), with Polish plural forms of "minuta". */
export const sessionTexts: SessionTexts = {
  logoutIn: 'Zostaniesz wylogowany za {time}.',
  extend: 'Przedłuż sesję',
  extended: {
    one: 'Twoja sesja została pomyślnie przedłużona o {n} minutę',
    few: 'Twoja sesja została pomyślnie przedłużona o {n} minuty',
    many: 'Twoja sesja została pomyślnie przedłużona o {n} minut',
    other: 'Twoja sesja została pomyślnie przedłużona o {n} minuty',
  },
  minutes: {
    one: '{n} minuta',
    few: '{n} minuty',
    many: '{n} minut',
    other: '{n} minuty',
  },
  seconds: {
    one: '{n} sekunda',
    few: '{n} sekundy',
    many: '{n} sekund',
    other: '{n} sekundy',
  },
  minutesAndSeconds: '{minutes} i {seconds}',
};
