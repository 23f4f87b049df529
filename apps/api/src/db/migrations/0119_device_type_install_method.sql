-- balena-sdk's deviceType.getInstallMethod and getInstructions read the contract's
-- data.flashProtocol before data.media.defaultBoot (compat §6.4): a flashProtocol means the
-- board is flashed directly (balena's contracts: RPIBOOT is balena Fin's, jetsonFlash the
-- Jetsons'; 'DD' is none of theirs). The seeded Raspberry Pis and the BeagleBone boot from an SD
-- card and the x86/generic types from an image, so they carry none: the SDK then answers
-- externalBoot and image instead of internalFlash (with a broken last step) and 'DD' (no
-- instructions at all). externalBoot's last step reads partials.bootDevice, which balena's
-- contracts give these boards.
UPDATE device_type
   SET contract = jsonb_set(contract #- '{data,flashProtocol}', '{partials,bootDevice}', '["Connect power to the {{name}}"]'::jsonb)
 WHERE slug IN ('raspberrypi4-64', 'raspberrypi3', 'raspberrypi5', 'beaglebone-black')
   AND contract->'data'->>'flashProtocol' IN ('RPIBOOT', 'DD')
   AND contract->'data'->'media'->>'defaultBoot' = 'sdcard';

UPDATE device_type
   SET contract = contract #- '{data,flashProtocol}'
 WHERE slug IN ('intel-nuc', 'generic-amd64', 'generic-aarch64')
   AND contract->'data'->>'flashProtocol' = 'DD';
