import { describe, expect, it } from 'vitest';
import {
  brokenFiles,
  changes,
  collectionFiles,
  planSync,
  settleConflict,
  toSyncRecord,
} from './folder-sync-plan';

const files = (entries: Record<string, string>) => new Map(Object.entries(entries));
const START = files({ 'opencollection.yml': 'name: A\n', 'One.yml': 'one\n', 'Two.yml': 'two\n' });

describe('planning a folder sync', () => {
  it('does nothing when neither side changed', () => {
    expect(
      planSync({ base: toSyncRecord(START), seen: toSyncRecord(START), local: START, disk: START }),
    ).toEqual({
      kind: 'none',
    });
  });

  it('writes the panel’s change (and a removal) over the folder, reading nothing', () => {
    const local = files({ 'opencollection.yml': 'name: A\n', 'One.yml': 'one, edited\n' });
    const plan = planSync({
      base: toSyncRecord(START),
      seen: toSyncRecord(START),
      local,
      disk: START,
    });
    expect(plan).toEqual({ kind: 'apply', files: local, fromFolder: false });
  });

  it('reads the folder’s change into the panel, writing nothing new', () => {
    const disk = files({ ...Object.fromEntries(START), 'Three.yml': 'three\n' });
    const plan = planSync({
      base: toSyncRecord(START),
      seen: toSyncRecord(START),
      local: START,
      disk,
    });
    expect(plan).toEqual({ kind: 'apply', files: disk, fromFolder: true });
  });

  it('merges changes to different files from both sides', () => {
    const local = files({ ...Object.fromEntries(START), 'One.yml': 'one, panel\n' });
    const disk = files({ ...Object.fromEntries(START), 'Two.yml': 'two, folder\n' });
    const plan = planSync({ base: toSyncRecord(START), seen: toSyncRecord(START), local, disk });
    expect(plan).toEqual({
      kind: 'apply',
      files: files({
        'opencollection.yml': 'name: A\n',
        'One.yml': 'one, panel\n',
        'Two.yml': 'two, folder\n',
      }),
      fromFolder: true,
    });
  });

  it('keeps the folder’s own formatting of files the panel did not change', () => {
    const seen = files({ ...Object.fromEntries(START), 'Two.yml': 'two   # hand formatted\n' });
    const local = files({ ...Object.fromEntries(START), 'One.yml': 'one, panel\n' });
    const plan = planSync({
      base: toSyncRecord(START),
      seen: toSyncRecord(seen),
      local,
      disk: seen,
    });
    expect(plan.kind === 'apply' && plan.files.get('Two.yml')).toBe('two   # hand formatted\n');
    expect(plan.kind === 'apply' && plan.files.get('One.yml')).toBe('one, panel\n');
  });

  it('is a conflict when both sides changed the same file differently, or one removed it', () => {
    const local = files({ ...Object.fromEntries(START), 'One.yml': 'one, panel\n' });
    const disk = files({ 'opencollection.yml': 'name: A\n', 'One.yml': 'one, folder\n' });
    expect(planSync({ base: toSyncRecord(START), seen: toSyncRecord(START), local, disk })).toEqual(
      {
        kind: 'conflict',
        paths: ['One.yml'],
        answers: {
          panel: { write: ['One.yml', 'Two.yml'], remove: [] },
          folder: { write: [], remove: [] },
        },
      },
    );
    const removedThere = files({ 'opencollection.yml': 'name: A\n', 'Two.yml': 'two\n' });
    expect(
      planSync({ base: toSyncRecord(START), seen: toSyncRecord(START), local, disk: removedThere }),
    ).toEqual({
      kind: 'conflict',
      paths: ['One.yml'],
      answers: {
        panel: { write: ['One.yml'], remove: [] },
        folder: { write: [], remove: [] },
      },
    });
  });

  it('is no conflict when both sides made the same change', () => {
    const same = files({ ...Object.fromEntries(START), 'One.yml': 'one, both\n' });
    const plan = planSync({
      base: toSyncRecord(START),
      seen: toSyncRecord(START),
      local: same,
      disk: same,
    });
    expect(plan).toEqual({ kind: 'apply', files: same, fromFolder: true });
  });

  it('on a first connection writes into an empty folder, and asks about a folder that holds files', () => {
    const empty = new Map<string, string>();
    expect(
      planSync({ base: toSyncRecord(empty), seen: toSyncRecord(empty), local: START, disk: empty }),
    ).toEqual({
      kind: 'apply',
      files: START,
      fromFolder: false,
    });
    const other = files({ 'opencollection.yml': 'name: B\n', 'One.yml': 'one\n' });
    expect(
      planSync({ base: toSyncRecord(empty), seen: toSyncRecord(empty), local: START, disk: other }),
    ).toEqual({
      kind: 'conflict',
      paths: ['Two.yml', 'opencollection.yml'],
      answers: {
        panel: { write: ['Two.yml', 'opencollection.yml'], remove: [] },
        folder: { write: [], remove: [] },
      },
    });
    const more = files({ ...Object.fromEntries(other), 'Old.yml': 'old\n' });
    expect(
      planSync({ base: toSyncRecord(empty), seen: toSyncRecord(empty), local: START, disk: more }),
    ).toMatchObject({
      answers: { panel: { write: ['Two.yml', 'opencollection.yml'], remove: ['Old.yml'] } },
    });
    expect(
      planSync({ base: toSyncRecord(empty), seen: toSyncRecord(empty), local: START, disk: START }),
    ).toEqual({
      kind: 'none',
    });
  });

  it('settles a conflict with either side’s files whole', () => {
    const local = files({ 'opencollection.yml': 'name: A\n', 'One.yml': 'panel\n' });
    const disk = files({
      'opencollection.yml': 'name: A\n',
      'One.yml': 'folder\n',
      'X.yml': 'x\n',
    });
    expect(settleConflict({ local, disk }, 'panel')).toEqual({
      kind: 'apply',
      files: local,
      fromFolder: false,
    });
    expect(settleConflict({ local, disk }, 'folder')).toEqual({
      kind: 'apply',
      files: disk,
      fromFolder: true,
    });
  });
});

describe('the files a sync looks at', () => {
  it('takes the collection’s files by their shape, never a team’s other YAML', () => {
    const request = 'info:\n  name: One\n  type: http\nhttp:\n  method: GET\n  url: x\n';
    const read = collectionFiles([
      { path: 'README.md', text: '# team' },
      { path: 'opencollection.yml', text: 'opencollection: 1.0.0\ninfo:\n  name: Team\n' },
      { path: 'One.yml', text: request },
      { path: 'Orders/folder.yml', text: 'info:\n  name: Orders\n  type: folder\n' },
      { path: 'Orders/Two.yml', text: request },
      { path: 'environments/Sandbox.yml', text: 'name: Sandbox\nvariables: []\n' },
      { path: 'docker-compose.yml', text: 'services:\n  api:\n    image: api\n' },
      { path: 'deploy/k8s.yml', text: 'apiVersion: v1\nkind: Service\nmetadata: {}\n' },
      { path: 'openapi.yml', text: 'openapi: 3.0.0\ninfo:\n  title: API\n' },
      { path: 'ci/folder.yml', text: 'jobs: []\n' },
      { path: 'src/opencollection.yml', text: 'opencollection: 1.0.0\ninfo: {}\n' },
      { path: 'environments/prod/app.yml', text: 'variables: []\n' },
      { path: 'Broken.yml', text: 'a: [\n' },
      { path: 'request.yaml', text: request },
    ]);
    expect([...read.keys()]).toEqual([
      'opencollection.yml',
      'One.yml',
      'Orders/folder.yml',
      'Orders/Two.yml',
      'environments/Sandbox.yml',
    ]);
  });

  it('keeps a file of its own that is broken just now, never a foreign one, whatever the record says', () => {
    const folder = [
      { path: 'One.yml', text: '<<<<<<< HEAD\nname: a\n=======\n' },
      { path: 'Two.yml', text: 'a: [\n' },
      { path: 'docker-compose.yml', text: 'services: {}\n' },
    ];
    const owned = files({ 'One.yml': 'x', 'docker-compose.yml': 'services: {}\n' });
    expect([...collectionFiles(folder, owned).keys()]).toEqual(['One.yml']);
  });

  it('lists each changed path once, a removal as null', () => {
    const to = files({ 'One.yml': 'one\n', 'Three.yml': 'three\n' });
    expect(changes(START, to)).toEqual(
      new Map<string, string | null>([
        ['Three.yml', 'three\n'],
        ['opencollection.yml', null],
        ['Two.yml', null],
      ]),
    );
  });

  it('names changed files that are not valid YAML, such as a merge left with conflict markers', () => {
    const disk = files({
      'One.yml': '<<<<<<< HEAD\nname: a\n=======\nname: b\n>>>>>>> theirs\n',
      'Two.yml': 'name: fine\n',
      'Old.yml': 'a: [\n',
    });
    expect(brokenFiles(disk, ['One.yml', 'Two.yml'])).toEqual(['One.yml']);
  });
});
