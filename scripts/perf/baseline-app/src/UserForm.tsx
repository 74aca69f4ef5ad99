import { Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

export const userSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(20, 'Name must be at most 20 characters'),
});
export type UserInput = z.infer<typeof userSchema>;

export function UserForm({ onSubmit }: { onSubmit?: (v: UserInput) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UserInput>({
    resolver: zodResolver(userSchema),
    defaultValues: { name: '' },
    mode: 'onSubmit',
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit((v) => {
        onSubmit?.(v);
        notifications.show({ title: 'Saved', message: `User ${v.name} saved` });
      })}
    >
      <Stack maw={360}>
        <TextInput label="Name" placeholder="Jane" {...register('name')} error={errors.name?.message} />
        <Button type="submit" loading={isSubmitting}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
