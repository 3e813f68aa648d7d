import { cronEvery } from './schedule';

describe('cronEvery', () => {
  it('turns a period in minutes into the cron expression of the schedule that runs the job', () => {
    expect(cronEvery(0)).toBeNull();
    expect(cronEvery(15)).toBe('*/15 * * * *');
    expect(cronEvery(60)).toBe('0 */1 * * *');
    expect(cronEvery(150)).toBe('0 */3 * * *');
    expect(cronEvery(1440)).toBe('0 3 * * *');
    expect(cronEvery(10_080)).toBe('0 3 * * *');
  });
});
