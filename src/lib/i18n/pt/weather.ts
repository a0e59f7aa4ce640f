import type en from '../en/weather';
import type { Messages } from '../types';

const pt: Messages<typeof en> = {
	hourly: 'POR HORA',
	daily: 'POR DIA',
	noHourly: 'Ainda sem previsão por hora',
	noDaily: 'Ainda sem previsão diária',
	current: 'Tempo atual',
	singleDay: 'Previsão para um dia',
	sunriseSunset: 'Nascer e pôr do sol',
	sunrise: 'Nascer do sol',
	sunset: 'Pôr do sol',
	hourlyPage: 'Previsão por hora',
	dailyPage: 'Previsão diária',
	weather: 'Meteorologia',
	sky: {
		clear: 'Céu limpo',
		few: 'Poucas nuvens',
		scattered: 'Nuvens dispersas',
		broken: 'Nublado',
		shower: 'Aguaceiros',
		rain: 'Chuva',
		storm: 'Trovoada',
		snow: 'Neve',
		mist: 'Nevoeiro',
		unknown: 'Meteorologia'
	},
	atNight: (sky) => `${sky}, de noite`,
	stat: {
		precipitation: 'Precipitação',
		wind: 'Vento',
		humidity: 'Humidade',
		high: 'Máxima',
		low: 'Mínima'
	}
};

export default pt;
