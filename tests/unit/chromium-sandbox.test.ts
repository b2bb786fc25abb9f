import { describe, expect, it } from 'vitest';
import { isSandboxFailure, sandboxFlags } from '../../scripts/chromium-sandbox';

describe('npm start and Chromium’s sandbox', () => {
  it('turns the sandbox off up front only for root on Linux', () => {
    expect(sandboxFlags('linux', 0)).toEqual(['--no-sandbox']);
    expect(sandboxFlags('linux', 1000)).toEqual([]);
    expect(sandboxFlags('darwin', 0)).toEqual([]);
    expect(sandboxFlags('win32', null)).toEqual([]);
  });

  it('recognises the launch failures that a retry without the sandbox fixes', () => {
    expect(
      isSandboxFailure(
        'FATAL:zygote_host_impl_linux.cc(127)] No usable sandbox! If you are running on Ubuntu 23.10+ or another Linux distro that has disabled unprivileged user namespaces with AppArmor, see https://chromium.googlesource.com/...',
      ),
    ).toBe(true);
    expect(
      isSandboxFailure(
        'Running as root without --no-sandbox is not supported. See https://crbug.com/638180.',
      ),
    ).toBe(true);
    expect(isSandboxFailure('Failed to launch: spawn /usr/bin/chromium ENOENT')).toBe(false);
    expect(isSandboxFailure('Missing X server or $DISPLAY')).toBe(false);
  });
});
