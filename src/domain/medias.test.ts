import { describe, expect, it } from 'vitest';
import type { Media } from '../api/contract/orders';
import { addMedia, dropStoredMedias, removeMedia, userMediasToCart, visibleMedias, withFrontMedia } from './medias';

const media = (id: number, stored: boolean, img = `img-${id}`): Media => ({
  id,
  img,
  front: false,
  stored,
  deleted: false,
});

describe('removeMedia', () => {
  it('only flags a stored media deleted', () => {
    const medias = withFrontMedia([media(5, true), media(6, true)]);
    const after = removeMedia(medias, medias[0]);
    expect(after).toHaveLength(2);
    expect(after.map((m) => [m.id, m.deleted, m.front])).toEqual([
      [5, true, false],
      [6, false, true], // the first visible one becomes the front
    ]);
    expect(visibleMedias(after).map((m) => m.id)).toEqual([6]);
  });

  it('removes a media that is not stored', () => {
    const medias = withFrontMedia([media(0, false, 'data:a'), media(0, false, 'data:b'), media(5, true)]);
    const after = removeMedia(medias, medias[0]);
    expect(after.map((m) => [m.img, m.front])).toEqual([
      ['data:b', true],
      ['img-5', false],
    ]);
  });

  it('matches a not-stored media by image when it is a copy', () => {
    const medias = [media(0, false, 'data:a'), media(0, false, 'data:b')];
    expect(removeMedia(medias, { ...medias[1] }).map((m) => m.img)).toEqual(['data:a']);
  });

  it('leaves the list alone when the media is not there', () => {
    const medias = [media(5, true)];
    expect(removeMedia(medias, media(0, false, 'data:zzz'))).toHaveLength(1);
    expect(removeMedia(medias, media(9, true))[0].deleted).toBe(false);
  });
});

describe('front media', () => {
  it.each([
    [[], []],
    [[false], [true]],
    [[false, false, false], [true, false, false]],
    [[true, false, false], [false, true, false]], // a deleted first media is not the front
    [[true, true], [false, false]],
  ])('deleted flags %j → front flags %j', (deleted, expected) => {
    const medias = deleted.map((d, i) => ({ ...media(i + 1, true), deleted: d, front: true }));
    expect(withFrontMedia(medias).map((m) => m.front)).toEqual(expected);
  });
});

describe('addMedia / userMediasToCart / dropStoredMedias', () => {
  it('adds a new media as not stored, first one front', () => {
    const after = addMedia([], { ...media(0, true, 'data:x'), deleted: true });
    expect(after).toEqual([{ id: 0, img: 'data:x', front: true, stored: false, deleted: false }]);
    expect(addMedia(after, media(0, false, 'data:y')).map((m) => m.front)).toEqual([true, false]);
  });

  it('loads at most 2 stored user medias, first is the front', () => {
    const loaded = userMediasToCart([
      { id: 1, url: 'u1' },
      { id: 2, url: 'u2' },
      { id: 3, url: 'u3' },
    ]);
    expect(loaded).toEqual([
      { id: 1, img: 'u1', url: 'u1', front: true, stored: true, deleted: false },
      { id: 2, img: 'u2', url: 'u2', front: false, stored: true, deleted: false },
    ]);
  });

  it('drops stored medias on logout and keeps new ones', () => {
    const after = dropStoredMedias([media(1, true), media(0, false, 'data:n')]);
    expect(after.map((m) => [m.img, m.front])).toEqual([['data:n', true]]);
  });
});
