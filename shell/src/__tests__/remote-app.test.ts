import type { AppProps, LifeCycles } from 'single-spa';
import { remoteApplication } from '../remote-app';

function version(label: string) {
  const calls: string[] = [];
  const lifecycles: LifeCycles = {
    bootstrap: async () => void calls.push(`${label}:bootstrap`),
    mount: async (props) =>
      void calls.push(`${label}:mount:${(props as unknown as { domElement: HTMLElement }).domElement.id}`),
    unmount: async () => void calls.push(`${label}:unmount`),
  };
  return { calls, lifecycles };
}

describe('a remote switched to another version while the page is open', () => {
  it('mounts the new version, bootstrapped anew, the next time its area is entered', async () => {
    const page = document.createElement('main');
    document.body.append(page);
    const old = version('0.1.0');
    const next = version('0.2.0');
    let current = old;
    let switched = false;
    const load = jest.fn(async () => current.lifecycles);
    const app = remoteApplication(
      'mf_participant',
      load,
      () => page,
      async () => switched,
    );
    const props = { name: 'mf_participant' } as AppProps;
    const mount = () => (app.mount as (props: AppProps) => Promise<void>)(props);
    const unmount = () => (app.unmount as (props: AppProps) => Promise<void>)(props);

    await mount();
    await unmount();
    await mount();
    expect(load).toHaveBeenCalledTimes(1);
    expect(old.calls).toEqual([
      '0.1.0:bootstrap',
      '0.1.0:mount:remote-mf_participant',
      '0.1.0:unmount',
      '0.1.0:mount:remote-mf_participant',
    ]);

    await unmount();
    current = next;
    switched = true;
    await mount();
    expect(load).toHaveBeenCalledTimes(2);
    expect(next.calls).toEqual(['0.2.0:bootstrap', '0.2.0:mount:remote-mf_participant']);
    expect(page.querySelectorAll('#remote-mf_participant')).toHaveLength(1);
  });
});
