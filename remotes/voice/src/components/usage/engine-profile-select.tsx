import { Flex, Select, Text } from '@radix-ui/themes';

type ProfileOption = { id: string; name: string; isDefault: boolean };

/**
 * The voice profile whose calls the engines' comparison reads (each profile has its engine, and its
 * split sends a share of its calls to the other one). The default profile is marked.
 */
export function EngineProfileSelect({
  profiles,
  value,
  onChange,
}: {
  profiles: ProfileOption[];
  value: string | undefined;
  onChange: (profileId: string) => void;
}) {
  return (
    <Flex align="center" gap="2">
      <Text as="span" size="2" color="gray" id="engine-profile-label">
        Profile
      </Text>
      <Select.Root value={value} onValueChange={onChange} size="1">
        <Select.Trigger aria-labelledby="engine-profile-label" placeholder="Default profile" />
        <Select.Content>
          {profiles.map((profile) => (
            <Select.Item key={profile.id} value={profile.id}>
              {profile.isDefault ? `${profile.name} (default)` : profile.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
