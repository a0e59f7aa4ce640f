import type en from '../en/alerts';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	timer: 'Temporizador',
	timers: 'Temporizadores',
	noTimers: 'Nenhum temporizador ativo',
	alarms: 'Alarmes',
	alarm: 'Alarme',
	alarmNamed: (name) => `Alarme ${name}`,
	noAlarms: 'Nenhum alarme definido',
	snooze: 'Adiar',
	cancel: 'Cancelar',
	dismiss: 'Parar',
	snoozeOnlyRinging: 'Só é possível adiar enquanto o alarme está a tocar.',
	noAlarmId: 'Este alarme veio sem identificador, por isso a skill não sabe qual deve parar.',
	repeats: 'Repete',
	list: 'Lista',
	emptyList: 'Esta lista está vazia'
};

export default pt;
