import { describeConfiguration } from './configuration.js';

describeConfiguration('postgres', 'none');
