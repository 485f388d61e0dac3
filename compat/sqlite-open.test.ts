import { describeConfiguration } from './configuration.js';

describeConfiguration('sqlite', 'none');
