import { paths } from '@sso/shared/contract';
import { api } from './api-client';
import { SecondProofRequired, loginWithNik, loginWithSecondProof } from './login-chain';

// Issue 36: the NIK login carries the device cookie and turns the api's 202 into SecondProofRequired.

let post: jest.SpiedFunction<typeof api.post>;
beforeEach(() => {
  post = jest.spyOn(api, 'post');
});
afterEach(() => post.mockRestore());

const proof = { challenge: 'tantangan_1', masked_phone: '0812xxxxx890', expires_in: 300 };

test('a second proof asked by the api rejects with SecondProofRequired, after one call with credentials', async () => {
  post.mockResolvedValueOnce({ message: 'Verifikasi tambahan diperlukan', data: { second_proof: proof } });
  const error: unknown = await loginWithNik('100001', 'admin123').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SecondProofRequired);
  expect(error).toMatchObject({ message: 'Verifikasi tambahan diperlukan', proof });
  expect(post).toHaveBeenCalledTimes(1);
  expect(post).toHaveBeenCalledWith(
    paths.auth.loginNik,
    expect.objectContaining({ nik: '100001', password: 'admin123' }),
    expect.anything(),
    { withCredentials: true },
  );
});

test('the code of the second proof is sent with its challenge and credentials', async () => {
  post.mockRejectedValueOnce(new Error('stop after the first call'));
  await expect(loginWithSecondProof('tantangan_1', '012345')).rejects.toThrow('stop after the first call');
  expect(post).toHaveBeenCalledWith(
    paths.auth.loginSecondProof,
    { challenge: 'tantangan_1', otp: '012345' },
    expect.anything(),
    { withCredentials: true },
  );
});
