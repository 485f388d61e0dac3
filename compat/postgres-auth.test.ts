import { describeConfiguration } from './configuration.js';

describeConfiguration('postgres', 'key');
