import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  accountPasskeyOptionsResponseSchema,
  accountTotpConfirmResponseSchema,
  accountTotpStartResponseSchema,
  recoveryCodesResponseSchema,
  twoStepPaths,
  twoStepStatusResponseSchema,
  type StepUpPayload,
} from '@sso/shared/contract';
import { accountKeys } from '@sso/shared/query';

/** Keamanan Akun's query key: the signed-in user's own two-step verification. */
export const accountTwoStepKey = accountKeys.twoStep();

export const accountTwoStepQuery = queryOptions({
  queryKey: accountTwoStepKey,
  queryFn: async ({ signal }) =>
    (await api.get(twoStepPaths.account, twoStepStatusResponseSchema, { signal })).data,
  staleTime: 0,
});

export const useAccountTwoStep = () => useQuery(accountTwoStepQuery);

/** POST account/two-step/totp: a secret to add (nothing stored until a code confirms it). */
export const startTotp = async () =>
  (await api.post(twoStepPaths.accountTotp, {}, accountTotpStartResponseSchema)).data;

function useRefreshing<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountTwoStepKey }),
  });
}

/** POST account/two-step/totp/confirm: the app is added; the first one also gets recovery codes. */
export const useConfirmTotp = () =>
  useRefreshing(
    async (input: { enrolment: string; label: string; code: string }) =>
      (await api.post(twoStepPaths.accountTotpConfirm, input, accountTotpConfirmResponseSchema)).data,
  );

/**
 * A passkey for this device: options from the api, the browser's ceremony (its library loaded on
 * this click only), then the api checks and stores it; the first factor also gets recovery codes.
 */
export const useAddPasskey = () =>
  useRefreshing(async (label: string) => {
    const { options, registration } = (
      await api.post(twoStepPaths.accountPasskeyOptions, {}, accountPasskeyOptionsResponseSchema)
    ).data;
    const { createPasskey } = await import('../../shared/two-step/passkey-ceremony');
    const response = await createPasskey(options);
    return (
      await api.post(
        twoStepPaths.accountPasskey,
        { registration, label, response },
        accountTotpConfirmResponseSchema,
      )
    ).data;
  });

/** DELETE account/two-step/factors/{id} with the current password. */
export const useRemoveFactor = () =>
  useRefreshing(async ({ id, ...proof }: StepUpPayload & { id: number }) =>
    api.delete(twoStepPaths.accountFactor(id), twoStepStatusResponseSchema, proof),
  );

/** POST account/two-step/recovery-codes with the current password: a new set, the old one ends. */
export const useNewRecoveryCodes = () =>
  useRefreshing(
    async (proof: StepUpPayload) =>
      (await api.post(twoStepPaths.accountRecoveryCodes, proof, recoveryCodesResponseSchema)).data
        .recovery_codes,
  );
